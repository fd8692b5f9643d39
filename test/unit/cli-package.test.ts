// The standalone beacon-hub-cli package: its bundle may import nothing but
// Node built-ins, holds the mod-author commands and none of the operator ones, and its
// package.json installs it as `beacon-hub` with no dependencies. The installed package's
// journey against a server is test/api/cli-package.test.ts.
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCliPackage, isNodeBuiltin, type CliPackage } from "@/lib/cli/build-package";
import { authorCommands } from "@/lib/cli/commands/author";
import { operatorCommands } from "@/lib/cli/commands/operator";
import { OPERATOR_COMMANDS, standalone } from "@/lib/cli/standalone";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const out = mkdtempSync(join(tmpdir(), "beacon-cli-package-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/**
 * Every module specifier a JavaScript text imports or requires, static or dynamic, as
 * esbuild's parser finds them (a regular expression would also match prose in strings).
 */
async function specifiers(code: string): Promise<string[]> {
  const result = await build({
    stdin: { contents: code, loader: "js" },
    bundle: true,
    write: false,
    metafile: true,
    platform: "neutral",
    format: "esm",
    external: ["*"],
    logLevel: "silent",
  });
  const imports = Object.values(result.metafile.inputs).flatMap((input) => input.imports);
  return [...new Set(imports.map((i) => i.path))].sort();
}

async function run(args: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (d: Buffer) => (out += d.toString()));
  stderr.on("data", (d: Buffer) => (err += d.toString()));
  const code = await standalone(args, { stdout, stderr, env: {} });
  return { code, out, err };
}

let pkg: CliPackage;
let bundle: string;
beforeAll(async () => {
  pkg = await buildCliPackage(ROOT, out);
  bundle = readFileSync(pkg.bundle, "utf8");
});

describe("the standalone CLI bundle", () => {
  it("finds static, dynamic and require specifiers (so the scan below can fail)", async () => {
    const sample = `import{a}from"node:fs";import"zod";const b=await import("node:http");require('pg');const t=\`comes from\`,u="import x"`;
    expect(await specifiers(sample)).toEqual(["node:fs", "node:http", "pg", "zod"]);
    expect(["node:fs", "fs", "node:http"].every(isNodeBuiltin)).toBe(true);
    expect(["zod", "pg", "node:nope", "@prisma/client"].some(isNodeBuiltin)).toBe(false);
  });

  it("is one executable ESM file for node that imports only node: built-ins", async () => {
    expect(bundle.startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(statSync(pkg.bundle).mode & 0o111).toBe(0o111);
    const imports = await specifiers(bundle.replace(/^#!.*\n/, ""));
    expect(imports.length).toBeGreaterThan(3);
    expect(imports.filter((s) => !s.startsWith("node:") || !isNodeBuiltin(s))).toEqual([]);
    // zod is inlined (the API's engram rules), and nothing of Prisma, the drivers or the server.
    expect(pkg.bundled).toEqual(["zod"]);
    for (const absent of [
      "@prisma",
      "better-sqlite3",
      "PrismaClient",
      "next/server",
      "scripts/pull.ts",
      "engrams-import.ts",
    ])
      expect(bundle, absent).not.toContain(absent);
  });

  it("ships package.json, the bundle, README and notices, with the root version and no dependencies", () => {
    const json = JSON.parse(readFileSync(join(pkg.dir, "package.json"), "utf8")) as Record<string, unknown>;
    const root = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(json).toMatchObject({
      name: "beacon-hub-cli",
      version: root.version,
      type: "module",
      bin: { "beacon-hub": "beacon-hub.js" },
      engines: { node: ">=20" },
    });
    expect(json.dependencies).toBeUndefined();
    expect(json.files).toEqual(["beacon-hub.js", "THIRD-PARTY-NOTICES.md", "lib/server-config/data/options.csv"]);
    expect(readFileSync(join(pkg.dir, "THIRD-PARTY-NOTICES.md"), "utf8")).toMatch(
      /## zod \d+\.\d+\.\d+\n\nMIT License/,
    );
    expect(readFileSync(join(pkg.dir, "README.md"), "utf8")).toContain("npm install -g ./beacon-hub-cli-<version>.tgz");
  });
});

describe("the standalone command table", () => {
  it("has every mod-author command and names the operator ones it leaves out", () => {
    expect(OPERATOR_COMMANDS).toEqual(operatorCommands.map((c) => c.path.join(" ")));
    expect(authorCommands.filter((c) => c.summary.startsWith("operator:"))).toEqual([]);
    expect(authorCommands.map((c) => c.path.join(" ")).sort()).toEqual(
      [
        "identity new",
        "identity show",
        "keys ls",
        "keys add",
        "keys rotate",
        "keys revoke",
        "user register",
        "user show",
        "mods list",
        "mods add",
        "mods confirm",
        "mods rm",
        "mods set-pull-url",
        "engrams push",
        "engrams ls",
        "engrams sync",
        "creatures push",
        "creatures ls",
        "docs publish",
        "docs get",
        "docs ls",
        "docs rm",
        "docs ini",
        "docs from-ini",
        "docs revisions",
        "docs diff",
        "docs restore",
        "docs check",
        "webhooks add",
        "webhooks deliveries",
        "webhooks ls",
        "webhooks redeliver",
        "webhooks rm",
        "webhooks test",
        "webhooks verify",
      ].sort(),
    );
  });

  it("lists only its own commands in --help and points operator commands to the server", async () => {
    const help = await run(["--help"]);
    expect(help.code).toBe(0);
    for (const c of authorCommands) expect(help.out).toContain(`  ${c.path.join(" ")} `);
    expect(help.out).not.toMatch(/^ {2}(serve|migrate|pull|engrams import) /m);
    expect(help.out).toContain(
      "Operator commands (serve, migrate, pull, engrams import, db copy, db backup, db restore, grant, revoke, roles, audit) are not in this package",
    );
    expect((await run(["engrams", "--help"])).out).not.toContain("import");

    const serve = await run(["serve"]);
    expect(serve.code).toBe(2);
    expect(serve.err).toContain('"serve" is an operator command: run it where the server is installed');
    const imp = await run(["engrams", "import", "x.csv"]);
    expect(imp.code).toBe(2);
    expect(imp.err).toContain('"engrams import" is an operator command');
    expect((await run(["frobnicate"])).err).toContain('unknown command "frobnicate"');
  });
});
