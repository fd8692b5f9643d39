// The hand-written migrations must create exactly the schema the generated Prisma
// clients expect: compared, table by table, with the DMMF of
// prisma/<provider>/schema.prisma, on each engine. Also: the runner on existing
// databases, concurrent starts, and edited or unknown migrations.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { get_dmmf } from "@prisma/prisma-schema-wasm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { loadMigrations, migrate, migrationsDir } from "@/lib/db/migrate";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { introspect, type Table } from "../support/introspect";
import { ROOT } from "../support/test-server";

const engine = inject("engine");

interface DmmfField {
  name: string;
  dbName: string | null;
  kind: string;
  type: string;
  isRequired: boolean;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}
interface Dmmf {
  datamodel: { models: DmmfModel[]; indexes: { model: string; type: string; fields: { name: string }[] }[] };
}

const columnType: Record<string, Record<string, string>> = {
  sqlite: {
    String: "TEXT",
    Int: "INTEGER",
    Boolean: "BOOLEAN",
    DateTime: "DATETIME",
    Bytes: "BLOB",
    BigInt: "BIGINT",
    Float: "REAL",
  },
  postgresql: {
    String: "TEXT",
    Int: "INTEGER",
    Boolean: "BOOLEAN",
    DateTime: "TIMESTAMP(3)",
    Bytes: "BYTEA",
    BigInt: "BIGINT",
    Float: "DOUBLE PRECISION",
  },
};

/** The tables Prisma expects, in the same shape introspect() reads from the database. */
function expectedSchema(): Record<string, Table> {
  const schema = readFileSync(join(ROOT, "prisma", engine, "schema.prisma"), "utf8");
  const dmmf = JSON.parse(get_dmmf(JSON.stringify({ prismaSchema: schema }))) as Dmmf;
  const models = new Map(dmmf.datamodel.models.map((m) => [m.name, m]));
  const table = (m: DmmfModel) => m.dbName ?? m.name;
  const column = (m: DmmfModel, field: string) => {
    const f = m.fields.find((x) => x.name === field)!;
    return f.dbName ?? f.name;
  };
  const out: Record<string, Table> = {};
  for (const m of models.values()) {
    const t: Table = { columns: [], primaryKey: [], indexes: [], foreignKeys: [] };
    for (const f of m.fields) {
      if (f.kind === "scalar")
        t.columns.push({ name: f.dbName ?? f.name, type: columnType[engine]![f.type]!, notNull: f.isRequired });
      if (f.kind === "object" && f.relationFromFields && f.relationFromFields.length > 0) {
        const target = models.get(f.type)!;
        t.foreignKeys.push({
          columns: f.relationFromFields.map((x) => column(m, x)),
          refTable: table(target),
          refColumns: f.relationToFields!.map((x) => column(target, x)),
          onDelete: (f.relationOnDelete ?? "").replace(/([a-z])([A-Z])/g, "$1 $2").toUpperCase(),
        });
      }
    }
    for (const idx of dmmf.datamodel.indexes.filter((i) => i.model === m.name)) {
      const cols = idx.fields.map((x) => column(m, x.name));
      if (idx.type === "id") t.primaryKey = cols;
      else t.indexes.push({ unique: idx.type === "unique", columns: cols });
    }
    out[table(m)] = t;
  }
  return out;
}

function normalise(tables: Record<string, Table>) {
  const sortBy = <T>(xs: T[]) => [...xs].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return Object.fromEntries(
    Object.entries(tables)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, t]) => [
        name,
        {
          columns: sortBy(t.columns),
          primaryKey: t.primaryKey,
          indexes: sortBy(t.indexes),
          foreignKeys: sortBy(t.foreignKeys),
        },
      ]),
  );
}

/**
 * The full-text index of documents, which the Prisma models cannot express (migration
 * 20261123000000_document_search): SQLite's FTS5 table and the shadow tables FTS5 makes
 * for it; PostgreSQL's generated tsvector column and its GIN index. Checked to be there
 * exactly, then left out of the comparison with the models.
 */
function withoutSearchIndex(tables: Record<string, Table>): Record<string, Table> {
  const out = { ...tables };
  if (engine === "sqlite") {
    const fts = Object.keys(out)
      .filter((name) => name.startsWith("documents_fts"))
      .sort();
    expect(fts).toEqual([
      "documents_fts",
      "documents_fts_config",
      "documents_fts_data",
      "documents_fts_docsize",
      "documents_fts_idx",
    ]);
    for (const name of fts) delete out[name];
    return out;
  }
  const documents = out.documents!;
  expect(documents.columns.filter((c) => c.name === "search_vector")).toEqual([
    { name: "search_vector", type: "TSVECTOR", notNull: false },
  ]);
  expect(documents.indexes.filter((i) => i.columns.includes("search_vector"))).toEqual([
    { unique: false, columns: ["search_vector"] },
  ]);
  out.documents = {
    ...documents,
    columns: documents.columns.filter((c) => c.name !== "search_vector"),
    indexes: documents.indexes.filter((i) => !i.columns.includes("search_vector")),
  };
  return out;
}

const databases: TestDatabase[] = [];
const tempDirs: string[] = [];
async function freshDatabase(): Promise<string> {
  const d = await createTestDatabase(engine, "schema");
  databases.push(d);
  return d.url;
}
/** A copy of the repo's migrations folder holding only the first `count` migrations. */
function rootWith(count: number): string {
  const dir = mkdtempSync(join(tmpdir(), "beacon-migrations-"));
  tempDirs.push(dir);
  for (const m of loadMigrations(migrationsDir(engine, ROOT)).slice(0, count)) {
    cpSync(join(migrationsDir(engine, ROOT), m.name), join(migrationsDir(engine, dir), m.name), { recursive: true });
  }
  return dir;
}

afterAll(async () => {
  for (const d of databases) await d.drop();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe(`migrations on ${engine}`, () => {
  it("create exactly the tables, columns, indexes and foreign keys of the Prisma models", async () => {
    const url = await freshDatabase();
    const result = await migrate(url, { root: ROOT });
    expect(result.applied.length).toBeGreaterThan(0);
    expect(normalise(withoutSearchIndex(await introspect(url)))).toEqual(normalise(expectedSchema()));
  });

  it("are recorded so that a second run applies nothing", async () => {
    const url = await freshDatabase();
    await migrate(url, { root: ROOT });
    expect(await migrate(url, { root: ROOT })).toEqual({
      applied: [],
      alreadyApplied: loadMigrations(migrationsDir(engine, ROOT)).length,
    });
  });

  it("apply to a database holding data from every earlier version without losing it", async () => {
    const total = loadMigrations(migrationsDir(engine, ROOT)).length;
    for (let k = 1; k <= total; k++) {
      const url = await freshDatabase();
      await migrate(url, { root: rootWith(k) });
      const id = `00000000-0000-4000-8000-00000000000${k % 10}`;
      const raw =
        engine === "sqlite"
          ? `INSERT INTO "users" ("id", "public_key") VALUES ('${id}', 'pem')`
          : `INSERT INTO "users" ("id", "public_key") VALUES ('${id}', 'pem')`;
      const db = createDb(url);
      await db.$executeRawUnsafe(raw);
      await db.$disconnect();
      await migrate(url, { root: ROOT });
      const after = createDb(url);
      expect(await after.user.findUnique({ where: { id } })).toMatchObject({ id, publicKey: "pem" });
      await after.$disconnect();
    }
  });

  it("index the documents already there when the search migration is applied", async () => {
    const { searchDocuments } = await import("@/lib/documents/search-documents");
    const { parseSearchText } = await import("@/lib/documents/search-text");
    const before = loadMigrations(migrationsDir(engine, ROOT)).findIndex((m) => m.name.endsWith("_document_search"));
    expect(before).toBeGreaterThan(0);
    const url = await freshDatabase();
    await migrate(url, { root: rootWith(before) });
    const old = createDb(url);
    await old.$executeRawUnsafe(
      `INSERT INTO "users" ("id", "public_key") VALUES ('00000000-0000-4000-8000-000000000001', 'pem')`,
    );
    await old.$executeRawUnsafe(
      `INSERT INTO "documents" ("id", "user_id", "name", "description", "last_updated") VALUES ('00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-000000000001', 'Crème Brûlée', 'old', CURRENT_TIMESTAMP)`,
    );
    await old.$disconnect();
    await migrate(url, { root: ROOT });
    const db = createDb(url);
    const found = await searchDocuments(db, {
      text: parseSearchText("creme brulee"),
      sort: "updated",
      count: 20,
      offset: 0,
      baseUrl: "http://x",
    });
    expect(found.documents.map((d) => d.document_id)).toEqual(["00000000-0000-4000-8000-0000000000d1"]);
    expect(await db.document.findMany({ select: { maps: true } })).toEqual([{ maps: null }]);
    await db.$disconnect();
  });

  it("are applied once when several instances start at the same moment", async () => {
    const url = await freshDatabase();
    const results = await Promise.all([
      migrate(url, { root: ROOT }),
      migrate(url, { root: ROOT }),
      migrate(url, { root: ROOT }),
    ]);
    expect(results.map((r) => r.applied.length).reduce((a, b) => a + b, 0)).toBe(
      loadMigrations(migrationsDir(engine, ROOT)).length,
    );
  });

  it("refuse to run when an applied migration was edited, or the database is newer", async () => {
    const url = await freshDatabase();
    const root = rootWith(99);
    await migrate(url, { root });
    const first = loadMigrations(migrationsDir(engine, root))[0]!;
    const file = join(migrationsDir(engine, root), first.name, "migration.sql");
    writeFileSync(file, readFileSync(file, "utf8") + "\n-- edited\n");
    await expect(migrate(url, { root })).rejects.toThrow(/edited/);
    await expect(migrate(url, { root: rootWith(0) })).rejects.toThrow(/does not know/);
  });
});
