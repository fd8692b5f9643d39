/**
 * The spawn page's view state (filters and command options) and its URL form, shared by
 * the server (first render from the query, also what the page's form sends without
 * JavaScript) and the browser (URL kept in sync), so a shared link restores exactly the
 * same view. Only non-default values go in the URL.
 * Pure: safe to import from client components.
 */
import { GAME_MAPS, gameMapByName } from "@/lib/catalogue/game-maps";
import { categoryFromParam, categoryToParam } from "@/lib/catalogue/item-categories";
import { parseGame, type Game } from "@/lib/catalogue/game";
import { scopeParam, type SpawnScope } from "./spawn-scope";

export type BlueprintFilter = "all" | "yes" | "no";
export type SpawnKind = "item" | "blueprint";
export type SpawnPrefix = "cheat" | "admincheat";
/** which catalogue the page lists: engrams (items) or creatures */
export type SpawnTab = "items" | "creatures";
/** item rows: the full `giveitem` command or its short `gfi` form */
export type CommandForm = "full" | "gfi";
/**
 * creatures: wild (`spawndino`), tamed (`GMSummon`), or spawned and then tamed
 * (`SpawnDino` then `ForceTame`, for where GMSummon does not work)
 */
export type Summon = "wild" | "tamed" | "forcetame";
/** items: to the admin typing (`giveitem`) or to a player by id (`GiveItemToPlayer`) */
export type GiveTo = "me" | "player";

export interface SpawnView {
  /**
   * the game whose commands the page builds (`game=asa`, kept in the URL after mod_id): ASA
   * has no GFI codes and no GMSummon here (docs/CATALOGUE.md, "Two games")
   */
  game: Game;
  tab: SpawnTab;
  /** search text (lib/catalogue/item-search) */
  q: string;
  /** bit set over every official map (lib/catalogue/game-maps); 0 = any map */
  maps: number;
  /** workshop ids to show among the page's mods ("base" = the base game); empty = all */
  mods: string[];
  bp: BlueprintFilter;
  /** items: a category number (lib/catalogue/item-categories; 0 = not known); -1 = any */
  category: number;
  /** creatures: tameable ones only */
  tameable: boolean;
  /** items: who gets the item, and the player id GiveItemToPlayer needs (as typed) */
  giveTo: GiveTo;
  player: string;
  /** command quantity and quality as typed: checked by lib/spawn/spawn-options before any command shows them */
  quantity: string;
  quality: string;
  kind: SpawnKind;
  form: CommandForm;
  /** creature options, as typed like quantity and quality (checked by lib/spawn/spawn-options) */
  level: string;
  summon: Summon;
  distance: string;
  yOffset: string;
  zOffset: string;
  /** both tabs */
  prefix: SpawnPrefix;
}

/** The creature defaults are the v1 `spawn` of a creature: `... 1 1 1 30` (lib/engrams/derive.ts). */
export const DEFAULT_VIEW: SpawnView = {
  game: "ase",
  tab: "items",
  q: "",
  maps: 0,
  mods: [],
  bp: "all",
  category: -1,
  tameable: false,
  giveTo: "me",
  player: "",
  quantity: "1",
  quality: "0",
  kind: "item",
  form: "full",
  level: "30",
  summon: "wild",
  distance: "1",
  yOffset: "1",
  zOffset: "1",
  prefix: "cheat",
};

/**
 * Which rows a view needs: engrams, engrams with their GFI codes (computed only for
 * views that show them: lib/spawn/spawn-catalogue), or creatures.
 */
export type RowSource = "items" | "gfi" | "creatures";

export const rowSource = (view: Pick<SpawnView, "tab" | "form">): RowSource =>
  view.tab === "creatures" ? "creatures" : view.form === "gfi" ? "gfi" : "items";

/** URL value for "engrams without a mod" in the mod filter */
export const BASE_GAME = "base";

type Query = URLSearchParams | Record<string, string | string[] | undefined>;

/** Every value of a parameter: a form sends one `map=` per ticked box. */
function all(query: Query, name: string): string[] {
  if (query instanceof URLSearchParams) return query.getAll(name);
  const v = query[name];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

const first = (query: Query, name: string): string | undefined => all(query, name)[0];

/** Map keys any case, and the other names lib/catalogue/game-maps reads (`abberation`, as earlier links have it). */
export function mapsFromParam(value: string | undefined): number {
  if (!value) return 0;
  return value.split(",").reduce((mask, name) => mask | (gameMapByName(name)?.bit ?? 0), 0);
}

export function mapsToParam(mask: number): string {
  return GAME_MAPS.filter((m) => mask & m.bit)
    .map((m) => m.key.toLowerCase())
    .join(",");
}

const summonOf = (value: string | undefined): Summon => (value === "tamed" || value === "forcetame" ? value : "wild");

/** Lenient: an unknown choice falls back to its default; numbers are kept as typed (the page says what is wrong with them). */
export function parseSpawnView(query: Query): SpawnView {
  const bp = first(query, "bp");
  const mods = all(query, "mod").join(",");
  const number = (name: string, fallback: string) => (first(query, name) ?? fallback).trim().slice(0, 24);
  const game = parseGame(first(query, "game")) ?? "ase";
  const view: SpawnView = {
    game,
    tab: first(query, "tab") === "creatures" ? "creatures" : "items",
    q: (first(query, "q") ?? "").slice(0, 200),
    maps: mapsFromParam(all(query, "map").join(",")),
    mods: mods ? mods.split(",").filter((m) => m === BASE_GAME || /^\d{1,16}$/.test(m)) : [],
    bp: bp === "yes" || bp === "no" ? bp : "all",
    category: categoryFromParam(first(query, "cat")),
    tameable: first(query, "tame") === "1",
    giveTo: first(query, "give") === "player" ? "player" : "me",
    player: number("player", DEFAULT_VIEW.player),
    quantity: number("qty", DEFAULT_VIEW.quantity),
    quality: number("quality", DEFAULT_VIEW.quality),
    kind: first(query, "as") === "blueprint" ? "blueprint" : "item",
    form: first(query, "cmd") === "gfi" ? "gfi" : "full",
    level: number("level", DEFAULT_VIEW.level),
    summon: summonOf(first(query, "summon")),
    distance: number("dist", DEFAULT_VIEW.distance),
    yOffset: number("y", DEFAULT_VIEW.yOffset),
    zOffset: number("z", DEFAULT_VIEW.zOffset),
    prefix: first(query, "prefix") === "admincheat" ? "admincheat" : "cheat",
  };
  return gameView(view);
}

/** What of a view works in its game: on ASA, the full command and no GMSummon (its spawndino-then-ForceTame stands in). */
export function gameView<T extends Pick<SpawnView, "game" | "form" | "summon">>(view: T): T {
  if (view.game !== "asa") return view;
  return { ...view, form: "full", summon: view.summon === "tamed" ? "forcetame" : view.summon };
}

/** Each field's URL parameter, in the order URLs list them (after `mod_id` and `tab`). */
const PARAMS = [
  ["q", "q"],
  ["maps", "map"],
  ["mods", "mod"],
  ["bp", "bp"],
  ["category", "cat"],
  ["tameable", "tame"],
  ["giveTo", "give"],
  ["player", "player"],
  ["quantity", "qty"],
  ["quality", "quality"],
  ["kind", "as"],
  ["form", "cmd"],
  ["level", "level"],
  ["summon", "summon"],
  ["distance", "dist"],
  ["yOffset", "y"],
  ["zOffset", "z"],
  ["prefix", "prefix"],
] as const satisfies readonly (readonly [keyof SpawnView, string])[];

type Field = (typeof PARAMS)[number][0];

/** The fields each tab shows; the others are kept (in the URL, and in the form as hidden fields) but not shown. */
const TAB_FIELDS: Record<SpawnTab, ReadonlySet<Field>> = {
  items: new Set([
    "q",
    "maps",
    "mods",
    "bp",
    "category",
    "giveTo",
    "player",
    "quantity",
    "quality",
    "kind",
    "form",
    "prefix",
  ]),
  creatures: new Set(["q", "maps", "mods", "tameable", "level", "summon", "distance", "yOffset", "zOffset", "prefix"]),
};

function paramValue(view: SpawnView, field: Field): string | null {
  if (field === "maps") return view.maps ? mapsToParam(view.maps) : null;
  if (field === "mods") return view.mods.length > 0 ? view.mods.join(",") : null;
  if (field === "category") return categoryToParam(view.category);
  if (field === "tameable") return view.tameable ? "1" : null;
  return view[field] !== DEFAULT_VIEW[field] ? view[field] : null;
}

/** The parameters of the fields the view's tab does not show, where they differ from their defaults: the page's form carries them as hidden fields, so "Apply" keeps them. */
export function hiddenParams(view: SpawnView): [name: string, value: string][] {
  // The game rides in the search form itself (components/spawn/spawn-search-bar.tsx).
  return PARAMS.flatMap(([field, name]) => {
    const value = TAB_FIELDS[view.tab].has(field) ? null : paramValue(view, field);
    return value === null ? [] : [[name, value] as [string, string]];
  });
}

/** The query string of a view; the page's `mod_id` always comes first, kept even when empty (the base game). */
export function spawnViewQuery(view: SpawnView, scope: SpawnScope): string {
  const p = new URLSearchParams();
  const modId = scopeParam(scope);
  if (modId !== null) p.set("mod_id", modId);
  if (view.game === "asa" || scope.game === "asa") p.set("game", "asa");
  if (view.tab !== DEFAULT_VIEW.tab) p.set("tab", view.tab);
  for (const [field, name] of PARAMS) {
    const value = paramValue(view, field);
    if (value !== null) p.set(name, value);
  }
  // Commas read better than %2C in a shared link and URLSearchParams parses them back.
  const s = p.toString().replace(/%2C/gi, ",");
  return s ? `?${s}` : "";
}

/** How many of the tab's filters and options differ from the defaults: each ticked map, the mod, blueprintable, category, tameable and each command option. */
export function activeSettings(view: SpawnView): number {
  let n = 0;
  for (const m of GAME_MAPS) if (view.maps & m.bit) n++;
  for (const field of TAB_FIELDS[view.tab])
    if (field !== "q" && field !== "maps" && paramValue(view, field) !== null) n++;
  return n;
}
