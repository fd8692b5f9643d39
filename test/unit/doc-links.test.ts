// Reasons are cited from inside the repository: every `docs/<NAME>.md#anchor` that code,
// tests or docs name must be a heading of that file (GitHub's anchor rules), and nothing
// cites a numbered contract section or a tracker issue, which no clone has.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const SCANNED = [
  ...["lib", "app", "components", "scripts", "test", "e2e", "cli", "bin", "deploy", "docs"],
  ...["README.md", "server.ts", "proxy.ts", "next.config.js", "prisma/models.prisma"],
];
const SKIPPED = new Set(["generated", "node_modules"]);

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .filter((name) => !SKIPPED.has(name))
    .flatMap((name) => files(join(path, name)));
}

/** GitHub's heading anchor: lowercase, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(doc: string): Set<string> {
  const text = readFileSync(join(ROOT, doc), "utf8").replace(/^```[\s\S]*?^```/gm, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

const sources = SCANNED.flatMap(files).filter((f) => /\.(ts|tsx|mjs|js|md|prisma|conf|service|example)$/.test(f));

describe("citations inside the repository", () => {
  it("names only anchors that exist", () => {
    const anchors = new Map<string, Set<string>>();
    const broken: string[] = [];
    let cited = 0;
    for (const file of sources) {
      const text = readFileSync(join(ROOT, file), "utf8");
      for (const m of text.matchAll(/\b(?:docs\/)?([A-Z]+\.md)#([a-z0-9_-]+)/g)) {
        const doc = `docs/${m[1]}`;
        if (!anchors.has(doc)) anchors.set(doc, anchorsOf(doc));
        cited += 1;
        if (!anchors.get(doc)!.has(m[2]!)) broken.push(`${file}: ${m[0]}`);
      }
    }
    expect(broken).toEqual([]);
    expect(cited).toBeGreaterThan(100);
  });

  it("cites no numbered contract section and no tracker issue", () => {
    const stray = sources
      .filter((f) => !f.startsWith("docs/") && f !== "README.md" && f !== "test/unit/doc-links.test.ts")
      .flatMap((file) =>
        readFileSync(join(ROOT, file), "utf8")
          .split("\n")
          .flatMap((line, i) =>
            /CONTRACT[ ]§|\b[Ii]ssue [0-9]+/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(stray).toEqual([]);
  });
});
