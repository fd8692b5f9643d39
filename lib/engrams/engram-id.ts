/**
 * Engram ids in a path or DELETE body (docs/CONTRACT.md#engrams): 32 hex digits are a uid, anything
 * ending in "_C" (any case) is a class; anything else is a 400 naming the bad ids.
 * No count limit: a path is bounded by the request line's size (431 past it), a
 * text/plain DELETE body by MAX_BODY_BYTES (the spec's way to send long lists).
 */
import { badRequest } from "@/lib/api/errors";
import { hasControlCharacter } from "@/lib/text/control-characters";

export interface EngramIds {
  uids: string[];
  /** lowercase, as stored in class_key */
  classKeys: string[];
}

/** `noun` names the kind in the error ("Creature ids are ..."). */
export function parseEngramIds(ids: string[], noun = "engram"): EngramIds {
  const uids = new Set<string>();
  const classKeys = new Set<string>();
  const bad: string[] = [];
  for (const id of ids) {
    if (/^[0-9a-f]{32}$/i.test(id)) uids.add(id.toLowerCase());
    // No control characters: NUL in particular cannot even be sent to PostgreSQL.
    else if (/^[^\s,]{1,500}_c$/i.test(id) && !hasControlCharacter(id)) classKeys.add(id.toLowerCase());
    else bad.push(id);
  }
  if (bad.length > 0)
    throw badRequest(
      `${noun[0]!.toUpperCase()}${noun.slice(1)} ids are uids (32 hex digits) or class names ending in _C.`,
      { invalid: bad.slice(0, 20) },
    );
  return { uids: [...uids], classKeys: [...classKeys] };
}
