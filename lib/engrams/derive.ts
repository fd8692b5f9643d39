/** What docs/CONTRACT.md#engrams derives from an item's blueprint path: class, uid and spawn command (engrams and creatures alike). */
import { createHash } from "node:crypto";
import type { Game } from "@/lib/catalogue/game";

export { classOf } from "./class-of";

/** Lowercase hex MD5 of the lowercased path (an ASE item's uid). */
export function uidOf(path: string): string {
  return createHash("md5").update(path.toLowerCase(), "utf8").digest("hex");
}

/**
 * The uid of an item of `game`. ASA keeps most of ASE's paths, and a uid is the key of a
 * row, so an ASA row's uid is the MD5 of "asa:" and the lowercased path: ASE's uids
 * (what v1 clients know) stay as they are.
 */
export function gameUidOf(path: string, game: Game): string {
  return game === "ase" ? uidOf(path) : createHash("md5").update(`${game}:${path.toLowerCase()}`, "utf8").digest("hex");
}

export function spawnOf(path: string): string {
  return `cheat giveitem "Blueprint'${path}'" 1 0 false`;
}

/** A wild creature of level 30 where the admin stands (the original's spawndino form, docs/CONTRACT.md#creatures). */
export function creatureSpawnOf(path: string): string {
  return `cheat spawndino "Blueprint'${path}'" 1 1 1 30`;
}

/**
 * A blueprint path the spawn command can carry: starts with "/", no whitespace, quotes
 * or control characters, and a last segment "Package.Name" with a non-empty name.
 */
export function isBlueprintPath(path: string): boolean {
  if (
    !path.startsWith("/") ||
    /[\s'"\\]/.test(path) ||
    [...path].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
  )
    return false;
  const segment = path.slice(path.lastIndexOf("/") + 1);
  const dot = segment.lastIndexOf(".");
  return dot > 0 && dot < segment.length - 1;
}
