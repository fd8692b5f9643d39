// Process-wide state has one door (lib/process/process-wide.ts): the keys the helper
// knows, the keys docs/ARCHITECTURE.md lists and the keys the code uses are the same set,
// and no other file of lib/, app/, components/ or server.ts makes a globalThis slot.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROCESS_WIDE_KEYS } from "@/lib/process/process-wide";

const HELPER = join("lib", "process", "process-wide.ts");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "generated" || name === "node_modules") return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const files = [...sources("lib"), ...sources("app"), ...sources("components"), "server.ts"];

describe("process-wide state", () => {
  it("is listed in docs/ARCHITECTURE.md exactly as the helper knows it", () => {
    const doc = readFileSync("docs/ARCHITECTURE.md", "utf8");
    const section = doc.slice(doc.indexOf("## Process-wide state"));
    const table = section.slice(0, section.indexOf("\n\n", section.indexOf("| state |")));
    const listed = [...table.matchAll(/`(beacon[A-Za-z]+)`/g)].map((m) => m[1]!);
    expect([...listed].sort()).toEqual([...PROCESS_WIDE_KEYS].sort());
  });

  it("every key is used by the code, and only through the helper", () => {
    const used = new Set<string>();
    const rawSlots: string[] = [];
    for (const file of files) {
      if (file === HELPER) continue;
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/process(?:Wide|Slot)(?:<[^>]*>)?\(\s*"(beacon[A-Za-z]+)"/g)) used.add(m[1]!);
      // Code, not comments: a cast of globalThis to reach a property.
      if (/globalThis\s+as\s+unknown|globalThis\.beacon|\(globalThis\)/.test(text)) rawSlots.push(file);
    }
    expect(rawSlots).toEqual([]);
    expect([...used].sort()).toEqual([...PROCESS_WIDE_KEYS].sort());
  });
});
