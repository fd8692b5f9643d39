// Reasons are cited from inside the repository: every `docs/<NAME>.md#anchor` that code,
// tests or docs name must be a heading of that file (GitHub's anchor rules), and nothing
// cites a numbered contract section or a tracker issue, which no clone has. The README is
// the front door: under 150 lines, and every link in it and in docs/ (a file, an image,
// a heading of another page or of the same one) resolves.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
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

const withoutCode = (text: string) => text.replace(/^```[\s\S]*?^```/gm, "");

function anchorsOf(doc: string): Set<string> {
  const text = withoutCode(readFileSync(join(ROOT, doc), "utf8"));
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
      for (const m of text.matchAll(/(?<![\w/])(docs\/)?([A-Z]+\.md)#([a-z0-9_-]+)/g)) {
        // README.md at the root, any other NAME.md in docs/ (as docs cite each other)
        const doc = m[2] === "README.md" && !m[1] ? "README.md" : `docs/${m[2]}`;
        if (!anchors.has(doc)) anchors.set(doc, anchorsOf(doc));
        cited += 1;
        if (!anchors.get(doc)!.has(m[3]!)) broken.push(`${file}: ${m[0]}`);
      }
    }
    expect(broken).toEqual([]);
    expect(cited).toBeGreaterThan(100);
  });

  it("keeps the README a front door: under 150 lines, pointing into docs/", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    expect(readme.split("\n").length).toBeLessThan(150);
    for (const doc of [
      "OPERATIONS",
      "CONFIGURATION",
      "API",
      "CLI",
      "PORTAL",
      "TESTING",
      "ARCHITECTURE",
      "CONTRIBUTING",
    ])
      expect(readme).toContain(`](docs/${doc}.md`);
  });

  it("has every Markdown link of the README and docs/ resolve: file, image and heading", () => {
    const pages = ["README.md", ...files("docs").filter((f) => f.endsWith(".md"))];
    const broken: string[] = [];
    let links = 0;
    for (const page of pages) {
      const text = withoutCode(readFileSync(join(ROOT, page), "utf8")).replace(/`[^`\n]*`/g, "");
      for (const m of text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:: outside the repository
        links += 1;
        const [path, anchor] = target.split("#") as [string, string | undefined];
        const file = path === "" ? page : normalize(join(dirname(page), path));
        if (file.startsWith("..") || !existsSync(join(ROOT, file))) broken.push(`${page}: ${target} (no such file)`);
        else if (anchor !== undefined && (!file.endsWith(".md") || !anchorsOf(file).has(anchor)))
          broken.push(`${page}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
    expect(links).toBeGreaterThan(40);
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
