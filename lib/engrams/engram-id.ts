/**
 * Engram ids in a path or DELETE body (CONTRACT §6): 32 hex digits are a uid, anything
 * ending in "_C" (any case) is a class; anything else is a 400 naming the bad ids.
 */
import { badRequest } from "@/lib/api/errors";
import { hasControlCharacter } from "@/lib/text/control-characters";

export const MAX_ENGRAM_IDS = 1000;

export interface EngramIds {
  uids: string[];
  /** lowercase, as stored in class_key */
  classKeys: string[];
}

export function parseEngramIds(ids: string[]): EngramIds {
  if (ids.length > MAX_ENGRAM_IDS) throw badRequest(`At most ${MAX_ENGRAM_IDS} ids fit in one request; split the list.`, { count: ids.length });
  const uids = new Set<string>();
  const classKeys = new Set<string>();
  const bad: string[] = [];
  for (const id of ids) {
    if (/^[0-9a-f]{32}$/i.test(id)) uids.add(id.toLowerCase());
    // No control characters: NUL in particular cannot even be sent to PostgreSQL.
    else if (/^[^\s,]{1,500}_c$/i.test(id) && !hasControlCharacter(id)) classKeys.add(id.toLowerCase());
    else bad.push(id);
  }
  if (bad.length > 0) throw badRequest("Engram ids are uids (32 hex digits) or class names ending in _C.", { invalid: bad.slice(0, 20) });
  return { uids: [...uids], classKeys: [...classKeys] };
}
