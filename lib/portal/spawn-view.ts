/**
 * The spawn page's view state (filters and command options) and its URL form, shared by
 * the server (first render from the query) and the browser (URL kept in sync), so a
 * shared link restores exactly the same view. Only non-default values go in the URL.
 * Pure: safe to import from client components.
 */
import { ENVIRONMENTS } from "@/lib/engrams/environments";

export type BlueprintFilter = "all" | "yes" | "no";
export type SpawnKind = "item" | "blueprint";
export type SpawnPrefix = "cheat" | "admincheat";

export interface SpawnView {
  /** free text over label, class and path */
  q: string;
  /** environments bit set (lib/engrams/environments order); 0 = any map */
  maps: number;
  /** workshop ids to show among the page's mods ("" = base game); empty = all */
  mods: string[];
  bp: BlueprintFilter;
  quantity: number;
  quality: number;
  kind: SpawnKind;
  prefix: SpawnPrefix;
}

export const DEFAULT_VIEW: SpawnView = { q: "", maps: 0, mods: [], bp: "all", quantity: 1, quality: 0, kind: "item", prefix: "cheat" };

export const MAX_QUANTITY = 100_000;
export const MAX_QUALITY = 1_000;
/** URL value for "engrams without a mod" in the mod filter */
export const BASE_GAME = "base";

type Query = URLSearchParams | Record<string, string | string[] | undefined>;

function get(query: Query, name: string): string | undefined {
  if (query instanceof URLSearchParams) return query.get(name) ?? undefined;
  const v = query[name];
  return Array.isArray(v) ? v[0] : v;
}

function wholeNumber(value: string | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined || !/^\d{1,9}$/.test(value)) return fallback;
  return Math.min(max, Math.max(min, Number(value)));
}

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

/** Lenient: an unknown or malformed value falls back to its default instead of failing. */
export function parseSpawnView(query: Query): SpawnView {
  const bp = get(query, "bp");
  const mods = get(query, "mod");
  return {
    q: (get(query, "q") ?? "").slice(0, 200),
    maps: mapsFromParam(get(query, "map")),
    mods: mods ? mods.split(",").filter((m) => m === BASE_GAME || /^\d{1,16}$/.test(m)) : [],
    bp: bp === "yes" || bp === "no" ? bp : "all",
    quantity: wholeNumber(get(query, "qty"), 1, MAX_QUANTITY, DEFAULT_VIEW.quantity),
    quality: wholeNumber(get(query, "quality"), 0, MAX_QUALITY, DEFAULT_VIEW.quality),
    kind: get(query, "as") === "blueprint" ? "blueprint" : "item",
    prefix: get(query, "prefix") === "admincheat" ? "admincheat" : "cheat",
  };
}

/** The query string of a view; `modIds` (the page's mod_id) always comes first. */
export function spawnViewQuery(view: SpawnView, modIds: string[]): string {
  const p = new URLSearchParams();
  if (modIds.length > 0) p.set("mod_id", modIds.join(","));
  if (view.q) p.set("q", view.q);
  if (view.maps) p.set("map", mapsToParam(view.maps));
  if (view.mods.length > 0) p.set("mod", view.mods.join(","));
  if (view.bp !== "all") p.set("bp", view.bp);
  if (view.quantity !== DEFAULT_VIEW.quantity) p.set("qty", String(view.quantity));
  if (view.quality !== DEFAULT_VIEW.quality) p.set("quality", String(view.quality));
  if (view.kind !== DEFAULT_VIEW.kind) p.set("as", view.kind);
  if (view.prefix !== DEFAULT_VIEW.prefix) p.set("prefix", view.prefix);
  // Commas read better than %2C in a shared link and URLSearchParams parses them back.
  const s = p.toString().replace(/%2C/gi, ",");
  return s ? `?${s}` : "";
}
