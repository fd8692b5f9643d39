#!/usr/bin/env node
// The `beacon-hub` command (package.json "bin"): loads the TypeScript CLI in
// lib/cli/main.ts through the repository's tsx, with its tsconfig so "@/..." imports
// resolve whatever the current directory is.
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tsconfig = join(root, "tsconfig.json");
process.env.TSX_TSCONFIG_PATH = tsconfig;
register({ tsconfig });

const { main } = await import(pathToFileURL(join(root, "lib/cli/main.ts")).href);
process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
