/**
 * The spawn page's view state (filters and command options) and its URL form, shared by
 * the server (first render from the query, also what the page's form sends without
 * JavaScript) and the browser (URL kept in sync), so a shared link restores exactly the
 * same view. Only non-default values go in the URL.
 * Pure: safe to import from client components.
 */
import { ENVIRONMENTS } from "@/lib/engrams/environments";
import { scopeParam, type SpawnScope } from "./spawn-scope";

export type BlueprintFilter = "all" | "yes" | "no";
export type SpawnKind = "item" | "blueprint";
export type SpawnPrefix = "cheat" | "admincheat";

export interface SpawnView {
  /** search text (lib/catalogue/item-search) */
  q: string;
  /** environments bit set (lib/engrams/environments order); 0 = any map */
  maps: number;
  /** workshop ids to show among the page's mods ("base" = the base game); empty = all */
  mods: string[];
  bp: BlueprintFilter;
  /** command quantity and quality as typed: checked by lib/portal/spawn-options before any command shows them */
  quantity: string;
  quality: string;
  kind: SpawnKind;
  prefix: SpawnPrefix;
}

export const DEFAULT_VIEW: SpawnView = { q: "", maps: 0, mods: [], bp: "all", quantity: "1", quality: "0", kind: "item", prefix: "cheat" };

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

export function mapsFromParam(value: string | undefined): number {
  if (!value) return 0;
  const wanted = new Set(value.toLowerCase().split(","));
  return ENVIRONMENTS.reduce((mask, name, i) => (wanted.has(name.toLowerCase()) ? mask | (1 << i) : mask), 0);
}

export function mapsToParam(mask: number): string {
  return ENVIRONMENTS.filter((_, i) => mask & (1 << i))
    .map((n) => n.toLowerCase())
    .join(",");
}

/** Lenient: an unknown choice falls back to its default; numbers are kept as typed (the page says what is wrong with them). */
export function parseSpawnView(query: Query): SpawnView {
  const bp = first(query, "bp");
  const mods = all(query, "mod").join(",");
  const number = (name: string, fallback: string) => (first(query, name) ?? fallback).trim().slice(0, 24);
  return {
    q: (first(query, "q") ?? "").slice(0, 200),
    maps: mapsFromParam(all(query, "map").join(",")),
    mods: mods ? mods.split(",").filter((m) => m === BASE_GAME || /^\d{1,16}$/.test(m)) : [],
    bp: bp === "yes" || bp === "no" ? bp : "all",
    quantity: number("qty", DEFAULT_VIEW.quantity),
    quality: number("quality", DEFAULT_VIEW.quality),
    kind: first(query, "as") === "blueprint" ? "blueprint" : "item",
    prefix: first(query, "prefix") === "admincheat" ? "admincheat" : "cheat",
  };
}

/** The query string of a view; the page's `mod_id` always comes first, kept even when empty (the base game). */
export function spawnViewQuery(view: SpawnView, scope: SpawnScope): string {
  const p = new URLSearchParams();
  const modId = scopeParam(scope);
  if (modId !== null) p.set("mod_id", modId);
  if (view.q) p.set("q", view.q);
  if (view.maps) p.set("map", mapsToParam(view.maps));
  if (view.mods.length > 0) p.set("mod", view.mods.join(","));
  if (view.bp !== "all") p.set("bp", view.bp);
  if (view.quantity !== DEFAULT_VIEW.quantity) p.set("qty", view.quantity);
  if (view.quality !== DEFAULT_VIEW.quality) p.set("quality", view.quality);
  if (view.kind !== DEFAULT_VIEW.kind) p.set("as", view.kind);
  if (view.prefix !== DEFAULT_VIEW.prefix) p.set("prefix", view.prefix);
  // Commas read better than %2C in a shared link and URLSearchParams parses them back.
  const s = p.toString().replace(/%2C/gi, ",");
  return s ? `?${s}` : "";
}

/** How many filters and options differ from the defaults: each ticked map, the mod, blueprintable and each command option. */
export function activeSettings(view: SpawnView): number {
  let n = 0;
  for (let b = 0; b < ENVIRONMENTS.length; b++) if (view.maps & (1 << b)) n++;
  if (view.mods.length > 0) n++;
  if (view.bp !== "all") n++;
  for (const key of ["quantity", "quality", "kind", "prefix"] as const) if (view[key] !== DEFAULT_VIEW[key]) n++;
  return n;
}
