/**
 * One engram (or creature) as the API, the operator's importer and the pull job receive
 * it (docs/CONTRACT.md#engrams), validated once here so all three apply the same rules. Other keys
 * are ignored.
 * `mod_id` is required but may be null or "" (no mod); the API then refuses it, since
 * only the operator loads the base game's catalogue.
 */
import { z } from "zod";
import { canonicalModId } from "@/lib/mods/mod-id";
import { classOf, gameUidOf, isBlueprintPath, uidOf } from "@/lib/engrams/derive";
import { parseEnvironments } from "@/lib/engrams/environments";
import type { ItemKind } from "@/lib/engrams/item-kind";
import type { Game } from "@/lib/catalogue/game";
import { parseGameMaps, V1_MAPS_MASK } from "@/lib/catalogue/game-maps";

/**
 * An engram or creature ready to be stored; canBlueprint undefined = not given (kept on
 * update, true on create; always undefined for creatures).
 */
export interface EngramRecord {
  uid: string;
  path: string;
  className: string;
  classKey: string;
  label: string;
  environments: number;
  canBlueprint: boolean | undefined;
  modId: string | null;
  /** the catalogue's facts beyond v1 (operator files only); undefined: not given (kept on update) */
  facts?: ItemFacts;
  /** undefined: ASE (what every v1 write is) */
  game?: Game;
}

/** The record as a row of `game`: an ASA row has its own uid (derive.ts uidOf). */
export function inGame<T extends EngramRecord>(record: T, game: Game): T {
  return game === "ase" ? record : { ...record, uid: gameUidOf(record.path, game), game };
}

/**
 * What the game's catalogue knows of an item beyond the v1 keys (docs/CATALOGUE.md),
 * null where the data leaves it empty. category and blueprintKnown are engrams' facts;
 * tameable and listedAs creatures'.
 */
export interface ItemFacts {
  /** bit set over every official map (lib/catalogue/game-maps.ts); null: not known */
  maps: number | null;
  category: string | null;
  /** false: can_blueprint is not known (the v1 column then holds the interface's default) */
  blueprintKnown: boolean;
  tameable: boolean | null;
  listedAs: string | null;
}

const environments = z.unknown().transform((v, ctx) => {
  const result = parseEnvironments(v);
  if (result.ok) return result.mask;
  ctx.addIssue({ code: "custom", message: result.message });
  return z.NEVER;
});

const BOOLEANS = new Map<unknown, boolean>([
  [true, true],
  [false, false],
  [1, true],
  [0, false],
  ["true", true],
  ["false", false],
  ["1", true],
  ["0", false],
]);

const canBlueprint = z.unknown().transform((v, ctx) => {
  const b = BOOLEANS.get(typeof v === "string" ? v.trim().toLowerCase() : v);
  if (b !== undefined) return b;
  ctx.addIssue({ code: "custom", message: 'must be a boolean (true/false, "true"/"false", 1/0)' });
  return z.NEVER;
});

const modId = z.unknown().transform((v, ctx) => {
  if (v === undefined) {
    ctx.addIssue({ code: "custom", message: "is required (a workshop id, or null for no mod)" });
    return z.NEVER;
  }
  if (v === null || (typeof v === "string" && v.trim() === "")) return null;
  const id = canonicalModId(v);
  if (id !== null) return id;
  ctx.addIssue({ code: "custom", message: "must be a workshop id: digits, at most 2^53-1" });
  return z.NEVER;
});

const itemShape = {
  path: z
    .string({ error: "is required (a blueprint path starting with /)" })
    .max(1000, "must be at most 1000 characters")
    .refine(isBlueprintPath, 'must start with "/" and end in "Package.Name", without spaces or quotes'),
  label: z
    .string({ error: "is required (a non-empty string)" })
    .max(500, "must be at most 500 characters")
    .refine((s) => s.trim().length > 0, "must not be empty")
    // PostgreSQL text cannot hold NUL: refuse it here rather than fail in the database.
    .refine((s) => !s.includes("\u0000"), "must not contain NUL characters"),
  mod_id: modId,
  availability: environments.optional(),
  environments: environments.optional(),
};

type ItemFields = {
  path: string;
  label: string;
  mod_id: string | null;
  availability?: number;
  environments?: number;
  can_blueprint?: boolean;
};

function requireEnvironments(e: ItemFields, ctx: z.RefinementCtx): void {
  if (e.availability === undefined && e.environments === undefined) {
    ctx.addIssue({ code: "custom", path: ["environments"], message: "is required (environments or availability)" });
  } else if (e.availability !== undefined && e.environments !== undefined && e.availability !== e.environments) {
    ctx.addIssue({ code: "custom", path: ["availability"], message: "differs from environments" });
  }
}

function toRecord(e: ItemFields): EngramRecord {
  return {
    uid: uidOf(e.path),
    path: e.path,
    className: classOf(e.path),
    classKey: classOf(e.path).toLowerCase(),
    label: e.label,
    environments: (e.environments ?? e.availability)!,
    canBlueprint: e.can_blueprint,
    modId: e.mod_id,
  };
}

export const engramInput = z
  .object({ ...itemShape, can_blueprint: canBlueprint.optional() })
  .superRefine(requireEnvironments)
  .transform(toRecord);

/** A creature (docs/CONTRACT.md#creatures): an engram's keys without can_blueprint, which is ignored like any other key. */
export const creatureInput = z.object(itemShape).superRefine(requireEnvironments).transform(toRecord);

/** The input schema of a kind. */
export const itemInput = (kind: ItemKind) => (kind === "engrams" ? engramInput : creatureInput);

// The catalogue's rows (the shipped base catalogue, the operator's import): a row with a
// `maps` key carries facts beyond v1. Its v1 environments are the v1 maps among `maps`
// (null: not known, so none); availability or environments, when given too, must agree.
// can_blueprint, category, tameable and listed_as may be null: not known.

const gameMaps = z.unknown().transform((v, ctx) => {
  if (v === null) return null;
  const result = parseGameMaps(v);
  if (result.ok) return result.mask;
  ctx.addIssue({ code: "custom", message: result.message });
  return z.NEVER;
});

const fact = z.string().max(100, "must be at most 100 characters").nullable().optional();

const factShape = {
  path: itemShape.path,
  label: itemShape.label,
  mod_id: modId,
  availability: environments.optional(),
  environments: environments.optional(),
  maps: gameMaps,
  can_blueprint: canBlueprint.nullable().optional(),
  category: fact,
  tameable: canBlueprint.nullable().optional(),
  listed_as: fact,
};

type FactFields = Omit<ItemFields, "can_blueprint"> & {
  maps: number | null;
  can_blueprint?: boolean | null;
  category?: string | null;
  tameable?: boolean | null;
  listed_as?: string | null;
};

function agreeWithMaps(e: FactFields, ctx: z.RefinementCtx): void {
  const v1 = (e.maps ?? 0) & V1_MAPS_MASK;
  for (const key of ["availability", "environments"] as const)
    if (e[key] !== undefined && e[key] !== v1)
      ctx.addIssue({ code: "custom", path: [key], message: "differs from the v1 maps among maps" });
}

const factRecord =
  (kind: ItemKind) =>
  (e: FactFields): EngramRecord => ({
    ...toRecord({ ...e, environments: (e.maps ?? 0) & V1_MAPS_MASK, can_blueprint: e.can_blueprint ?? undefined }),
    canBlueprint: kind === "engrams" ? (e.can_blueprint ?? undefined) : undefined,
    facts: {
      maps: e.maps,
      category: kind === "engrams" ? (e.category ?? null) : null,
      blueprintKnown: kind !== "engrams" || (e.can_blueprint !== null && e.can_blueprint !== undefined),
      tameable: kind === "creatures" ? (e.tameable ?? null) : null,
      listedAs: kind === "creatures" ? (e.listed_as ?? null) : null,
    },
  });

const factsInputs = {
  engrams: z.object(factShape).superRefine(agreeWithMaps).transform(factRecord("engrams")),
  creatures: z.object(factShape).superRefine(agreeWithMaps).transform(factRecord("creatures")),
};

/** The input schema of a catalogue row (one with a `maps` key) of a kind. */
export const itemFactsInput = (kind: ItemKind) => factsInputs[kind];
