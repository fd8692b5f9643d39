/**
 * Which engrams a spawn page is about, from its `mod_id` parameter (the mods'
 * spawncodes_url, docs/CONTRACT.md#mods): absent = every engram, empty = the base game (engrams
 * with no mod, as `GET /v1/engram.php?mod_id=` lists them, docs/CONTRACT.md#engrams), otherwise
 * comma-separated workshop ids. The parameter stays in the page's URL as it came.
 * Pure: safe to import from client components (parseSpawnScope, which needs the
 * server's id rules, is in spawn-catalogue.ts).
 */
import type { Game } from "@/lib/catalogue/game";

/** `game`: the game whose rows the page lists (`?game=asa`); absent, ASE. */
export type SpawnScope = ({ kind: "all" } | { kind: "base" } | { kind: "mods"; ids: string[] }) & { game?: Game };

export const ALL_ENGRAMS: SpawnScope = { kind: "all" };

/** `mod_id` as it goes back into a URL: null for every engram, "" for the base game. */
export function scopeParam(scope: SpawnScope): string | null {
  return scope.kind === "all" ? null : scope.kind === "base" ? "" : scope.ids.join(",");
}

/** A stable key per scope (caches). */
export function scopeKey(scope: SpawnScope): string {
  const key = scope.kind === "mods" ? [...scope.ids].sort().join(",") : `(${scope.kind})`;
  return scope.game === "asa" ? `asa:${key}` : key;
}
