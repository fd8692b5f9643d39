/**
 * The address of one item's or creature's own page (docs/PORTAL.md#item-and-creature-pages):
 * `/spawn/<base or workshop id>/<class>`, e.g. `/spawn/base/PrimalItem_WeaponMetalPick_C`.
 * The class is the one players and Game.ini lines name; it is looked up in any case.
 * ASA's rows are on the same address with `?game=asa` (the scope is then the base game or
 * a CurseForge project id), as the spawn page keeps its game.
 * Pure: safe to import from client components (every spawn row links its page).
 */
import type { Game } from "@/lib/catalogue/game";

export const BASE_SEGMENT = "base";

/** A workshop id in its canonical form (lib/mods/mod-id.ts): no sign, no leading zero, at most 16 digits. */
const MOD_SEGMENT = /^[1-9][0-9]{0,15}$/;
const MAX_CLASS = 300;

export interface EntryAddress {
  /** null: the base game */
  modId: string | null;
  /** the class as asked for */
  className: string;
  /** lowercase class: what the catalogue's class_key index holds */
  classKey: string;
}

export function entryHref(modId: string | null, className: string, game: Game = "ase"): string {
  return `/spawn/${modId ?? BASE_SEGMENT}/${encodeURIComponent(className)}${game === "asa" ? "?game=asa" : ""}`;
}

/** The two path segments (already decoded), or null when they cannot name a catalogue row. */
export function parseEntryAddress(scope: string, className: string): EntryAddress | null {
  const modId =
    scope === BASE_SEGMENT ? null : MOD_SEGMENT.test(scope) && Number.isSafeInteger(Number(scope)) ? scope : undefined;
  if (modId === undefined) return null;
  const cls = className.trim();
  if (cls === "" || cls.length > MAX_CLASS || /[/\s]/.test(cls)) return null;
  return { modId, className: cls, classKey: cls.toLowerCase() };
}
