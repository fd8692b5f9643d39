/**
 * The Default Loot.beacon template the editor starts from (lib/loot/templates: the 2017
 * desktop client's own document), read once per process. The server's working
 * directory is the repository in every supported way of running it; when it is not (a
 * `beacon-hub serve` started elsewhere) the file is found beside the running script.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { appRoot } from "@/lib/server/app-root";

export const DEFAULT_LOOT_TEMPLATE = "lib/loot/templates/default-loot.beacon";

let text: string | undefined;

function templatePath(): string {
  const here = join(process.cwd(), DEFAULT_LOOT_TEMPLATE);
  if (existsSync(here) || !process.argv[1]) return here;
  return join(appRoot(pathToFileURL(process.argv[1]).href), DEFAULT_LOOT_TEMPLATE);
}

/** The template's content as parsed JSON (a fresh object each call: callers change it). */
export function defaultLootTemplate(): Record<string, unknown> {
  text ??= readFileSync(templatePath(), "utf8");
  return JSON.parse(text) as Record<string, unknown>;
}
