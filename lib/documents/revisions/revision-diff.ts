/**
 * The diff between two kept revisions of a document (lib/documents/diff), as the API's
 * extension returns it (`?diff&from=N&to=M`) and as the page and the CLI show it: the
 * same `text` lines everywhere. `to` defaults to the newest kept revision, `from` to the
 * kept revision before `to` (or `to` itself when there is none: no change).
 *
 * Kept revisions never change, so a diff is computed once and kept (keyed by the two
 * revisions' numbers and SHA-256, while the catalogue its item names come from stays at the
 * same version): a crafted 3 MiB document costs seconds to diff, and an anonymous reader
 * may ask for it again and again. The first is computed on a worker thread
 * (lib/documents/diff/diff-off-thread.ts), never on the event loop. Each list keeps its first MAX_DIFF_LINES lines; the note
 * says how many more there were.
 */
import { notFound } from "@/lib/api/errors";
import { dataVersion } from "@/lib/cache/data-version";
import { sharedCache } from "@/lib/cache/versioned-cache";
import { resolveItems } from "@/lib/catalogue/resolve-items";
import type { Db } from "@/lib/db/client";
import type { DocumentDiff, GameIniChange } from "../diff/document-diff";
import { diffOffThread } from "../diff/diff-off-thread";
import type { JsonChange } from "../diff/json-diff";
import type { LootChange } from "../diff/loot-diff";
import type { OddsChange } from "../diff/odds-diff";
import { revisionJson, type RevisionJson } from "./revision-json";
import { listRevisions, readStoredRevision } from "./revision-store";

export interface RevisionDiffJson {
  document_id: string;
  from: RevisionJson;
  to: RevisionJson;
  /** "loot": both are loot documents; "json": compared key by key; "bytes": only whether they differ */
  format: "loot" | "json" | "bytes";
  /** the same bytes */
  identical: boolean;
  /** loot changes, in the page's words (`text`) */
  changes: LootChange[];
  /** keys outside the loot model (or of any JSON content), key by key */
  json: JsonChange[];
  /** Game.ini lines that differ, one per loot source */
  game_ini: GameIniChange[];
  /** items whose chance per crate moved, per loot source both revisions have (docs/LOOT.md#odds-in-diffs) */
  odds: OddsChange[];
  note: string | null;
}

export interface DiffRequest {
  documentId: string;
  from?: number;
  to?: number;
  baseUrl: string;
}

/** Lines each of `changes`, `json`, `game_ini` and `odds` lists at most. */
export const MAX_DIFF_LINES = 1000;

const diffs = sharedCache<RevisionDiffJson>("revision-diffs", {
  maxBytes: 32 << 20,
  sizeOf: (d) => 2 * JSON.stringify(d).length,
  maxEntries: 5000,
});

/** The lists cut to MAX_DIFF_LINES each, and the note saying what was left out. */
function capped(diff: DocumentDiff): Pick<RevisionDiffJson, "changes" | "json" | "game_ini" | "odds" | "note"> {
  const lists = { changes: diff.changes, json: diff.json, game_ini: diff.gameIni, odds: diff.odds };
  const { changes, json, gameIni, odds } = diff.totals ?? {
    changes: diff.changes.length,
    json: diff.json.length,
    gameIni: diff.gameIni.length,
    odds: diff.odds.length,
  };
  const totals = { changes, json, game_ini: gameIni, odds };
  const over = Object.entries(totals).filter(([, total]) => total > MAX_DIFF_LINES);
  const note =
    over.length === 0
      ? diff.note
      : [
          diff.note,
          `Only the first ${MAX_DIFF_LINES.toLocaleString("en-US")} lines of each list are shown: ${over
            .map(([name, total]) => `${name} has ${total.toLocaleString("en-US")}`)
            .join(", ")}.`,
        ]
          .filter(Boolean)
          .join(" ");
  return {
    changes: lists.changes.slice(0, MAX_DIFF_LINES),
    json: lists.json.slice(0, MAX_DIFF_LINES),
    game_ini: lists.game_ini.slice(0, MAX_DIFF_LINES),
    odds: lists.odds.slice(0, MAX_DIFF_LINES),
    note,
  };
}

export async function diffRevisions(db: Db, request: DiffRequest): Promise<RevisionDiffJson> {
  const { documentId, baseUrl } = request;
  const kept = await listRevisions(db, documentId);
  if (kept.length === 0) throw notFound("No document has this id.", { document_id: documentId });
  const missing = (n: number) =>
    notFound(`This document has no kept revision ${n}.`, {
      document_id: documentId,
      revision: n,
      kept: kept.map((r) => r.revision),
    });
  const to = request.to ?? kept[0]!.revision;
  const toIndex = kept.findIndex((r) => r.revision === to);
  if (toIndex < 0) throw missing(to);
  const from = request.from ?? (kept[toIndex + 1] ?? kept[toIndex]!).revision;
  if (!kept.some((r) => r.revision === from)) throw missing(from);
  const [infoA, infoB] = [kept.find((r) => r.revision === from)!, kept.find((r) => r.revision === to)!];
  const key = `${baseUrl}\n${documentId}\n${from}:${infoA.sha256}\n${to}:${infoB.sha256}`;
  return diffs.get(key, await dataVersion(db, "engrams"), async () => {
    const [a, b] = await Promise.all([
      readStoredRevision(db, documentId, from),
      readStoredRevision(db, documentId, to),
    ]);
    if (!a) throw missing(from);
    if (!b) throw missing(to);
    const diff = await diffOffThread(a.content, b.content, (items) => resolveItems(db, items), {
      maxLines: MAX_DIFF_LINES,
    });
    return {
      document_id: documentId,
      from: revisionJson(a.info, documentId, baseUrl),
      to: revisionJson(b.info, documentId, baseUrl),
      format: diff.format,
      identical: diff.identical,
      ...capped(diff),
    };
  });
}
