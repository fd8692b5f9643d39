/**
 * The repository's root: the nearest directory above this module holding package.json.
 * The same answer whether server.ts runs from source or compiled into dist/server.js.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export function appRoot(moduleUrl: string): string {
  for (let dir = dirname(fileURLToPath(moduleUrl)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${fileURLToPath(moduleUrl)}`);
  }
}
