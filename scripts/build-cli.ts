/**
 * usage: tsx scripts/build-cli.ts [--pack]
 * `npm run cli:build`: bundles the mod-author CLI into dist/cli/ (lib/cli/build-package.ts).
 * `npm run cli:pack` (--pack): also packs it into dist/beacon-hub-cli-<version>.tgz.
 */
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { buildCliPackage, packCliPackage } from "@/lib/cli/build-package";

if (process.argv.includes("--help")) {
  console.log(
    "usage: tsx scripts/build-cli.ts [--pack]\nBuilds the standalone beacon-hub CLI into dist/cli/; --pack also writes dist/beacon-hub-cli-<version>.tgz.",
  );
  process.exit(0);
}
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
if (process.argv.includes("--pack")) {
  const { tarball, pkg } = await packCliPackage(root);
  console.log(
    `built ${relative(root, pkg.bundle)} (bundled: ${pkg.bundled.join(", ") || "nothing"})\npacked ${relative(root, tarball)}`,
  );
} else {
  const pkg = await buildCliPackage(root);
  console.log(`built ${relative(root, pkg.bundle)} (bundled: ${pkg.bundled.join(", ") || "nothing"})`);
}
