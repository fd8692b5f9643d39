// A file a comment names exists (docs/ARCHITECTURE.md's rule that comments say what is):
// every repository path in the source of lib/, app/, components/, scripts/ and server.ts
// (lib/x/y, with or without its extension, a folder, or a glob) is found on disk.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "generated" || name === "node_modules" || name === "data") return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx|mjs)$/.test(name) ? [path] : [];
  });
}

const PATH = /(?<![\w@/.-])((?:lib|app|components|scripts|e2e|test|docs|prisma|deploy|public)\/[\w./[\]*-]*[\w\]*])/g;

/** The path as written: a file (its extension may be left out), a folder, or a glob's folder. */
function found(path: string): boolean {
  if (path.includes("*")) return existsSync(dirname(path));
  return ["", ".ts", ".tsx", ".mjs", ".js", ".json"].some((ext) => existsSync(path + ext));
}

describe("paths in comments", () => {
  it("name files that exist", () => {
    const files = [...sources("lib"), ...sources("app"), ...sources("components"), ...sources("scripts"), "server.ts"];
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(PATH)) {
        const path = m[1]!.split("#")[0]!.replace(/\.$/, "");
        if (!found(path)) missing.push(`${file}: ${path}`);
      }
    }
    expect(files.length).toBeGreaterThan(300);
    expect(missing).toEqual([]);
  });
});
