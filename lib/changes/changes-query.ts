/**
 * The query of GET /v1/changes.php: `cursor` or `changes_since` (not both; neither is a
 * full read) and `limit`, the number of records (changes, or catalogue entries in a
 * full read) per page: 5,000 by default (an engram is about 450 bytes of JSON, so about
 * 2 MB before compression), at most 10,000.
 */
import { badRequest } from "@/lib/api/errors";
import { naturalParameter, singleParameter } from "@/lib/api/query-params";
import { parseChangesSince } from "@/lib/changes/feed-time";
import { gameOrDefault, type Game } from "@/lib/catalogue/game";

export const DEFAULT_CHANGES_LIMIT = 5000;
export const MAX_CHANGES_LIMIT = 10_000;

export interface ChangesQuery {
  cursor?: string;
  since?: number;
  limit: number;
  /** the extension `game` (docs/API.md#games); absent: ASE */
  game?: Game;
}

export function parseChangesQuery(query: URLSearchParams): ChangesQuery {
  const cursor = singleParameter(query, "cursor");
  const since = singleParameter(query, "changes_since");
  if (cursor !== undefined && since !== undefined)
    throw badRequest("Send cursor or changes_since, not both: a cursor already says where to go on from.");
  const gameValue = singleParameter(query, "game");
  const game = gameOrDefault(gameValue);
  if (game === null) throw badRequest('game is "ase" (the default) or "asa".', { game: gameValue });
  return {
    ...(gameValue === undefined ? {} : { game }),
    cursor,
    since: since === undefined ? undefined : parseChangesSince(since),
    limit: naturalParameter(query, "limit", DEFAULT_CHANGES_LIMIT, MAX_CHANGES_LIMIT, 1),
  };
}
