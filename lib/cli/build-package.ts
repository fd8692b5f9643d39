/**
 * Builds the standalone `beacon-hub-cli` package: lib/cli/standalone-bin.ts and only what
 * it imports, bundled by esbuild (the one tsx depends on) into a single ESM file for
 * Node 20+, in dist/cli/ with the package.json of cli/ (version: the root package.json's,
 * so there is one version to bump), cli/README.md and the licence texts of the bundled
 * npm packages. `packCliPackage` then runs `npm pack` there: dist/beacon-hub-cli-<version>.tgz.
 */
import { execFile } from "node:child_process";
import { builtinModules } from "node:module";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { build, type Plugin } from "esbuild";
import { OPTIONS_FILE } from "@/lib/server-config/options";

export const BUNDLE_NAME = "beacon-hub.js";

export interface CliPackage {
  /** dist/cli: the package folder */
  dir: string;
  bundle: string;
  version: string;
  /** the npm packages inlined into the bundle, e.g. ["zod"] */
  bundled: string[];
}

const builtins = new Set(builtinModules);

/** A specifier the bundle may import at run time: a Node built-in, nothing else. */
export function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith("node:")
    ? builtins.has(specifier.slice(5)) || builtins.has(specifier)
    : builtins.has(specifier);
}

/** "node_modules/zod/v4/core/api.js" -> "zod"; "node_modules/@a/b/x.js" -> "@a/b" */
function packageOf(input: string): string | null {
  const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  return m ? m[1]! : null;
}

function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
}

/** Licence texts of the bundled packages, which their licences ask to keep with copies. */
function notices(root: string, packages: string[]): string {
  const parts = packages.map((name) => {
    const dir = join(root, "node_modules", name);
    const meta = readJson(join(dir, "package.json"));
    const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
    const text = file ? readFileSync(join(dir, file), "utf8").trim() : `License: ${String(meta.license)}`;
    return `## ${name} ${String(meta.version)}\n\n${text}\n`;
  });
  return `# Third-party notices\n\nbeacon-hub.js includes the following npm packages.\n\n${parts.join("\n")}`;
}

/**
 * zod's `z.locales` namespace holds every language's error messages (over half of the
 * bundle): nothing here uses it, and its English messages come from locales/en.js, which
 * zod imports itself. Left out, --help starts measurably faster (docs/BENCHMARKS.md).
 */
const withoutZodLocales: Plugin = {
  name: "without-zod-locales",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer) ? { path: "zod-locales", namespace: "empty" } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "export {};", loader: "js" }));
  },
};

/** `outDir` (default <root>/dist; tests give their own): the package goes to <outDir>/cli. */
export async function buildCliPackage(root: string, outDir = join(root, "dist")): Promise<CliPackage> {
  const version = String(readJson(join(root, "package.json")).version);
  const dir = join(outDir, "cli");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const bundle = join(dir, BUNDLE_NAME);
  const result = await build({
    absWorkingDir: root,
    entryPoints: [join(root, "lib/cli/standalone-bin.ts")],
    outfile: bundle,
    tsconfig: join(root, "tsconfig.json"),
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    banner: { js: "#!/usr/bin/env node" },
    metafile: true,
    legalComments: "none",
    // Smaller is faster to start: every run parses the whole file.
    minify: true,
    plugins: [withoutZodLocales],
    logLevel: "silent",
  });
  // platform "node" leaves built-ins external; anything else external would need installing.
  const output = Object.values(result.metafile.outputs)[0]!;
  const foreign = output.imports.filter((i) => i.external && !isNodeBuiltin(i.path)).map((i) => i.path);
  if (foreign.length > 0)
    throw new Error(`the CLI bundle imports ${foreign.join(", ")}; it may only import node: built-ins`);
  chmodSync(bundle, 0o755);

  const bundled = [
    ...new Set(
      Object.keys(output.inputs)
        .map(packageOf)
        .filter((p): p is string => p !== null),
    ),
  ].sort();
  const template = readJson(join(root, "cli", "package.json"));
  writeFileSync(join(dir, "package.json"), `${JSON.stringify({ ...template, version }, null, 2)}\n`);
  copyFileSync(join(root, "cli", "README.md"), join(dir, "README.md"));
  // The option table, which docs from-ini reads (lib/server-config/options.ts finds it beside the bundle).
  mkdirSync(join(dir, dirname(OPTIONS_FILE)), { recursive: true });
  copyFileSync(join(root, OPTIONS_FILE), join(dir, OPTIONS_FILE));
  if (bundled.length > 0) writeFileSync(join(dir, "THIRD-PARTY-NOTICES.md"), notices(root, bundled));
  return { dir, bundle, version, bundled };
}

/** Builds and packs; returns the tarball's path (<outDir>/beacon-hub-cli-<version>.tgz). */
export async function packCliPackage(
  root: string,
  outDir = join(root, "dist"),
): Promise<{ tarball: string; pkg: CliPackage }> {
  const pkg = await buildCliPackage(root, outDir);
  const { stdout } = await promisify(execFile)("npm", ["pack", "--json", "--pack-destination", outDir], {
    cwd: pkg.dir,
  });
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf("["))) as { filename: string }[];
  const tarball = join(outDir, packed!.filename);
  if (!existsSync(tarball)) throw new Error(`npm pack did not write ${tarball}`);
  return { tarball, pkg };
}
