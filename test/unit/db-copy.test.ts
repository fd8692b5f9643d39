// db:copy (docs/OPERATIONS.md#moving-from-sqlite-to-postgresql-dbcopy) without a database: the tables and their order as read from
// prisma/models.prisma, and the canonical values both sides' checksums are made of.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { canonicalTimestamp, canonicalValue, TableChecksum } from "@/lib/db-copy/canonical-row";
import { redactUrl } from "@/lib/db-copy/copy-database";
import { connectionFor, dumpCommand, restoreCommand } from "@/lib/db-backup/postgres-dump";
import { targetValue } from "@/lib/db-copy/postgres-target";
import { copyGroups, readModelTables, SchemaReadError } from "@/lib/db/model-tables";
import { loadMigrations, migrationsDir } from "@/lib/db/migrate";

const ROOT = join(import.meta.dirname, "..", "..");
const models = readFileSync(join(ROOT, "prisma", "models.prisma"), "utf8");

describe("tables from prisma/models.prisma", () => {
  const tables = readModelTables(models);

  it("finds every table the migrations create, with keys and types", () => {
    // Whatever tables exist when this runs: the ones the SQLite migrations create are the ones read.
    const created = loadMigrations(migrationsDir("sqlite", ROOT))
      .flatMap((m) => [...m.sql.matchAll(/CREATE TABLE "([^"]+)"/g)].map((x) => x[1]!))
      .filter((t) => t !== "_prisma_migrations");
    expect(tables.map((t) => t.name).sort()).toEqual([...new Set(created)].sort());
    const mods = tables.find((t) => t.name === "mod_registrations")!;
    expect(mods.primaryKey).toEqual(["id"]);
    expect(mods.columns.find((c) => c.name === "id")).toMatchObject({ type: "Int", autoincrement: true });
    expect(mods.columns.find((c) => c.name === "confirmed_at")).toMatchObject({ type: "DateTime", optional: true });
    expect(mods.references).toEqual(["users"]);
    expect(tables.find((t) => t.name === "document_items")!.primaryKey).toEqual(["key", "document_id"]);
    expect(tables.find((t) => t.name === "document_contents")!.columns.find((c) => c.name === "body")!.type).toBe(
      "Bytes",
    );
    expect(tables.find((t) => t.name === "engrams")!.references).toEqual(["mod_registrations"]);
  });

  it("orders every table after those it references, linked tables first, standalone ones last", () => {
    const groups = copyGroups(tables);
    const flat = groups.flat().map((t) => t.name);
    expect(flat).toHaveLength(tables.length);
    for (const t of tables)
      for (const r of t.references) expect(flat.indexOf(r), `${r} before ${t.name}`).toBeLessThan(flat.indexOf(t.name));
    expect(groups[0]!.map((t) => t.name)).toContain("users");
    // data_versions is written by triggers while other tables are inserted: it comes after them.
    expect(flat.indexOf("data_versions")).toBeGreaterThan(flat.indexOf("documents"));
    expect(groups.at(-1)!.length).toBe(1);
  });

  it("fails loudly on what it cannot copy exactly", () => {
    expect(() => readModelTables("model A {\n  id Int @id\n  data Json\n}")).toThrow(SchemaReadError);
    expect(() => readModelTables("model A {\n  name String\n}")).toThrow(/no @id/);
    expect(() => readModelTables("model A {\n  id Int @id\n  b Mystery\n}")).toThrow(/unknown type Mystery/);
    expect(() =>
      copyGroups(
        readModelTables(
          "model A {\n  id Int @id\n  b B @relation(fields: [bId], references: [id])\n  bId Int\n}\nmodel B {\n  id Int @id\n  a A @relation(fields: [aId], references: [id])\n  aId Int\n}",
        ),
      ),
    ).toThrow(/cycle/);
  });
});

describe("canonical values", () => {
  it("reads a timestamp the same from SQLite's forms and PostgreSQL's text", () => {
    const forms = [
      "2026-11-24T22:35:23.270+00:00",
      "2026-11-24 22:35:23.27",
      "2026-11-24T22:35:23.270Z",
      "2026-11-24T23:35:23.270+01:00",
      Date.UTC(2026, 10, 24, 22, 35, 23, 270),
    ];
    for (const f of forms) expect(canonicalTimestamp(f)).toBe("2026-11-24T22:35:23.270Z");
    // SQL's CURRENT_TIMESTAMP form (UTC, no fraction).
    expect(canonicalTimestamp("2026-11-24 22:35:23")).toBe("2026-11-24T22:35:23.000Z");
    // Digits past the millisecond are kept, so a target that rounds them cannot match.
    expect(canonicalTimestamp("2026-11-24T22:35:23.2704Z")).toBe("2026-11-24T22:35:23.2704Z");
    expect(canonicalTimestamp("2026-11-24 22:35:23.27")).not.toBe(canonicalTimestamp("2026-11-24T22:35:23.271Z"));
    expect(() => canonicalTimestamp("yesterday")).toThrow();
  });

  it("maps each engine's representation of a value to one text", () => {
    expect(canonicalValue("Boolean", 1n)).toBe(canonicalValue("Boolean", true));
    expect(canonicalValue("Int", 2147483647n)).toBe(canonicalValue("Int", 2147483647));
    expect(canonicalValue("BigInt", 9007199254740993n)).toBe(canonicalValue("BigInt", "9007199254740993"));
    expect(canonicalValue("Bytes", Buffer.from([0, 1, 2]))).toBe(
      "3:ae4b3280e56e2faf83f414a6e3dabe9d5fbe18976544c05fed121accb85b53fc",
    );
    expect(canonicalValue("String", null)).toBeNull();
    expect(() => canonicalValue("Boolean", 2n)).toThrow();
  });

  it("a table's checksum changes with any value or with the order of rows", () => {
    const sum = (rows: unknown[][]) => {
      const c = new TableChecksum(["String", "DateTime", "Bytes"]);
      for (const r of rows) c.add(r);
      return c.hex();
    };
    const a = ["é", "2026-11-24 22:35:23.27", Buffer.from("x")];
    const b = ["e\u0301", "2026-11-24 22:35:23.27", Buffer.from("x")];
    expect(sum([a])).toBe(sum([["é", "2026-11-24T22:35:23.270+00:00", Buffer.from("x")]]));
    expect(sum([a])).not.toBe(sum([b]));
    expect(sum([a, b])).not.toBe(sum([b, a]));
    expect(sum([a])).not.toBe(sum([[...a.slice(0, 2), Buffer.from("y")]]));
  });

  it("converts source values for PostgreSQL, refusing a NUL character", () => {
    expect(targetValue("DateTime", "2026-11-24T22:35:23.270+00:00")).toBe("2026-11-24 22:35:23.270");
    expect(targetValue("Boolean", 0n)).toBe(false);
    expect(targetValue("Int", 42n)).toBe(42);
    expect(targetValue("BigInt", 9007199254740993n)).toBe("9007199254740993");
    expect(() => targetValue("String", "a\u0000b")).toThrow(/NUL/);
    expect(redactUrl("postgresql://beacon:s3cret@db:5432/beacon")).toBe("postgresql://beacon:***@db:5432/beacon");
  });
});

describe("pg_dump and pg_restore lines", () => {
  it("pass a password through PGPASSWORD, never on the command line", () => {
    const { url, env } = connectionFor("postgresql://beacon:s%40cret@db.example.internal:5432/beacon");
    expect(url).toBe("postgresql://beacon@db.example.internal:5432/beacon");
    expect(env).toEqual({ PGPASSWORD: "s@cret" });
    expect(connectionFor("postgresql://beacon@db/beacon")).toEqual({ url: "postgresql://beacon@db/beacon", env: {} });
    expect(dumpCommand(url, "/b/x.dump")).toEqual([
      "pg_dump",
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      "--file=/b/x.dump",
      url,
    ]);
    expect(restoreCommand(url, "/b/x.dump").join(" ")).toBe(
      `pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname=${url} /b/x.dump`,
    );
    expect([...dumpCommand(url, "f"), ...restoreCommand(url, "f")].join(" ")).not.toContain("s@cret");
  });
});
