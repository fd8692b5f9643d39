/**
 * The tables of prisma/models.prisma as the database copy needs them: name, columns
 * with their Prisma scalar type, primary key, and the tables each one references. Read
 * from the schema file itself, so a model another change adds is copied without
 * touching this code (and one this code cannot handle fails loudly here).
 *
 * A small reader for the subset of the schema language the models use: `model` blocks,
 * scalar fields with `?`, `@id`, `@map`, `@default(autoincrement())`, relation fields
 * with `@relation(fields: [...], references: [...])`, `@@id([...])` and `@@map(...)`.
 * Enums read as text. Anything else is an error naming the line.
 */
export type ScalarType = "String" | "Int" | "BigInt" | "Float" | "Boolean" | "DateTime" | "Bytes";

const SCALARS = new Set<string>(["String", "Int", "BigInt", "Float", "Boolean", "DateTime", "Bytes"]);
/** Types the copy cannot yet reproduce exactly on both engines. */
const UNSUPPORTED = new Set(["Json", "Decimal", "Unsupported"]);

export interface ModelColumn {
  /** the column's name in the database */
  name: string;
  type: ScalarType;
  optional: boolean;
  /** `@default(autoincrement())`: a sequence to set after the copy */
  autoincrement: boolean;
}

export interface ModelTable {
  model: string;
  /** the table's name in the database */
  name: string;
  columns: ModelColumn[];
  /** column names, in key order */
  primaryKey: string[];
  /** tables this one's foreign keys point at (not itself) */
  references: string[];
}

export class SchemaReadError extends Error {}

interface RawField {
  name: string;
  type: string;
  optional: boolean;
  list: boolean;
  attributes: string;
}

interface RawModel {
  name: string;
  fields: RawField[];
  blockAttributes: string[];
}

const mapOf = (attributes: string) => /@map\(\s*"([^"]+)"\s*\)/.exec(attributes)?.[1];
const listIn = (text: string) =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

function parse(schema: string): { models: RawModel[]; enums: Set<string> } {
  const models: RawModel[] = [];
  const enums = new Set<string>();
  let current: RawModel | null = null;
  let inOtherBlock = false;
  schema.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/\/\/.*$/, "").trim();
    if (!line) return;
    const open = /^(model|enum|view|type|generator|datasource)\s+(\w+)\s*\{$/.exec(line);
    if (open) {
      if (open[1] === "model") current = { name: open[2]!, fields: [], blockAttributes: [] };
      else if (open[1] === "enum") enums.add(open[2]!);
      if (open[1] === "view" || open[1] === "type")
        throw new SchemaReadError(
          `prisma/models.prisma line ${i + 1}: "${open[1]}" blocks are not supported by the database copy`,
        );
      inOtherBlock = open[1] !== "model";
      return;
    }
    if (line === "}") {
      if (current) models.push(current);
      current = null;
      inOtherBlock = false;
      return;
    }
    if (inOtherBlock || !current) return;
    const model: RawModel = current;
    if (line.startsWith("@@")) {
      model.blockAttributes.push(line);
      return;
    }
    const field = /^(\w+)\s+(\w+)(\[\])?(\?)?\s*(.*)$/.exec(line);
    if (!field) throw new SchemaReadError(`prisma/models.prisma line ${i + 1}: cannot read "${line}"`);
    model.fields.push({
      name: field[1]!,
      type: field[2]!,
      list: field[3] === "[]",
      optional: field[4] === "?",
      attributes: field[5] ?? "",
    });
  });
  return { models, enums };
}

export function readModelTables(schema: string): ModelTable[] {
  const { models, enums } = parse(schema);
  const tableOf = new Map(models.map((m) => [m.name, tableName(m)]));
  return models.map((m) => {
    const columns: ModelColumn[] = [];
    const references = new Set<string>();
    const columnOf = new Map<string, string>();
    for (const f of m.fields) {
      if (UNSUPPORTED.has(f.type))
        throw new SchemaReadError(`${m.name}.${f.name}: ${f.type} columns are not supported by the database copy`);
      if (SCALARS.has(f.type) || enums.has(f.type)) {
        if (f.list)
          throw new SchemaReadError(`${m.name}.${f.name}: list columns are not supported by the database copy`);
        const name = mapOf(f.attributes) ?? f.name;
        columnOf.set(f.name, name);
        columns.push({
          name,
          type: enums.has(f.type) ? "String" : (f.type as ScalarType),
          optional: f.optional,
          autoincrement: /@default\(\s*autoincrement\(\)\s*\)/.test(f.attributes),
        });
      } else if (tableOf.has(f.type)) {
        // The side that holds the foreign key names its fields; the other side is only a back-relation.
        if (/@relation\([^)]*fields:/.test(f.attributes) && f.type !== m.name) references.add(tableOf.get(f.type)!);
      } else {
        throw new SchemaReadError(`${m.name}.${f.name}: unknown type ${f.type}`);
      }
    }
    const idField = m.fields.find((f) => /(^|\s)@id(\s|$|\()/.test(f.attributes));
    const compound = m.blockAttributes
      .map((a) => /^@@id\(\s*(?:fields:\s*)?\[([^\]]*)\]/.exec(a)?.[1])
      .find((x) => x !== undefined);
    const keyFields = idField ? [idField.name] : compound !== undefined ? listIn(compound) : [];
    if (keyFields.length === 0)
      throw new SchemaReadError(
        `${m.name} has no @id or @@id: the copy needs a primary key to read rows in a stable order`,
      );
    return {
      model: m.name,
      name: tableOf.get(m.name)!,
      columns,
      primaryKey: keyFields.map((f) => columnOf.get(f) ?? f),
      references: [...references],
    };
  });
}

function tableName(m: RawModel): string {
  for (const a of m.blockAttributes) {
    const mapped = /^@@map\(\s*(?:name:\s*)?"([^"]+)"\s*\)/.exec(a);
    if (mapped) return mapped[1]!;
  }
  return m.name;
}

/**
 * Tables in copy order, in groups: each group is a set of tables linked by foreign keys
 * (copied in one transaction, each table after those it references), groups with links
 * first and tables that stand alone last, each in schema order. Standalone tables
 * include the ones database triggers maintain (data_versions), so rows the copy's own
 * inserts made the triggers write are replaced by the source's afterwards.
 */
export function copyGroups(tables: ModelTable[]): ModelTable[][] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const parent = new Map(tables.map((t) => [t.name, t.name]));
  const root = (n: string): string => (parent.get(n) === n ? n : root(parent.get(n)!));
  for (const t of tables) for (const r of t.references) parent.set(root(t.name), root(r));
  const groups = new Map<string, ModelTable[]>();
  for (const t of tables) {
    const g = groups.get(root(t.name)) ?? [];
    g.push(t);
    groups.set(root(t.name), g);
  }
  const ordered = [...groups.values()].map((g) => topological(g, byName));
  const linked = ordered.filter((g) => g.length > 1 || g[0]!.references.length > 0);
  const alone = ordered.filter((g) => !linked.includes(g));
  return [...linked, ...alone];
}

function topological(group: ModelTable[], byName: Map<string, ModelTable>): ModelTable[] {
  const out: ModelTable[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (t: ModelTable) => {
    if (state.get(t.name) === "done") return;
    if (state.get(t.name) === "visiting")
      throw new SchemaReadError(`foreign keys form a cycle through ${t.name}: no copy order exists`);
    state.set(t.name, "visiting");
    for (const r of t.references) visit(byName.get(r)!);
    state.set(t.name, "done");
    out.push(t);
  };
  group.forEach(visit);
  return out;
}
