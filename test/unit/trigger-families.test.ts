// Every database trigger of both engines' migrations belongs to a family that
// docs/ARCHITECTURE.md lists (the bookkeeping done in the write's own transaction): a new
// trigger of a new kind fails here until the page says what it does.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** Each family: how its triggers are named, and how docs/ARCHITECTURE.md names it. */
const FAMILIES = [
  { name: "version", trigger: /_version(_|$)/, doc: "`<table>_version_*`" },
  { name: "changes", trigger: /_changes_/, doc: "`<table>_changes_*`" },
  { name: "outbox", trigger: /_outbox_/, doc: "`<table>_outbox_*`" },
  { name: "fts", trigger: /^documents_fts_/, doc: "`documents_fts_*`" },
  { name: "audit", trigger: /^moderation_audit_no_/, doc: "`moderation_audit_no_*`" },
  { name: "locks", trigger: /_lock_order$/, doc: "`catalogue_versions_lock_order`" },
];

function triggers(engine: "sqlite" | "postgresql"): Set<string> {
  const dir = join("prisma", engine, "migrations");
  const names = new Set<string>();
  for (const migration of readdirSync(dir)) {
    let sql: string;
    try {
      sql = readFileSync(join(dir, migration, "migration.sql"), "utf8");
    } catch {
      continue;
    }
    for (const m of sql.matchAll(/CREATE\s+TRIGGER\s+"([a-z_]+)"/gi)) names.add(m[1]!);
  }
  return names;
}

describe("trigger families", () => {
  it.each(["sqlite", "postgresql"] as const)(
    "every %s trigger is of a family the architecture page lists",
    (engine) => {
      const names = [...triggers(engine)];
      expect(names.length).toBeGreaterThan(20);
      const orphans = names.filter((n) => !FAMILIES.some((f) => f.trigger.test(n)));
      expect(orphans).toEqual([]);
    },
  );

  it("the page lists every family, and every family has triggers", () => {
    const doc = readFileSync("docs/ARCHITECTURE.md", "utf8");
    const all = [...triggers("sqlite"), ...triggers("postgresql")];
    for (const family of FAMILIES) {
      expect(doc, family.name).toContain(family.doc);
      expect(
        all.some((n) => family.trigger.test(n)),
        family.name,
      ).toBe(true);
    }
  });
});
