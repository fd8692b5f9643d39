/**
 * The diff between two kept revisions of a document (lib/documents/diff), as the API's
 * extension returns it (`?diff&from=N&to=M`) and as the page and the CLI show it: the
 * same `text` lines everywhere. `to` defaults to the newest kept revision, `from` to the
 * kept revision before `to` (or `to` itself when there is none: no change).
 */
import { notFound } from "@/lib/api/errors";
import { resolveItems } from "@/lib/catalogue/resolve-items";
import type { Db } from "@/lib/db/client";
import { diffContents, diffItems, readDiffSide, type GameIniChange } from "../diff/document-diff";
import type { JsonChange } from "../diff/json-diff";
import type { LootChange } from "../diff/loot-diff";
import { revisionJson, type RevisionJson } from "./revision-json";
import { listRevisions, readRevision } from "./revision-store";

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
  note: string | null;
}

export interface DiffRequest {
  documentId: string;
  from?: number;
  to?: number;
  baseUrl: string;
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
  const [a, b] = await Promise.all([readRevision(db, documentId, from), readRevision(db, documentId, to)]);
  if (!a) throw missing(from);
  if (!b) throw missing(to);
  const [sa, sb] = [readDiffSide(a.bytes), readDiffSide(b.bytes)];
  const resolve = sa.loot || sb.loot ? await resolveItems(db, diffItems(sa, sb)) : undefined;
  const diff = diffContents(sa, sb, resolve);
  return {
    document_id: documentId,
    from: revisionJson(a.info, documentId, baseUrl),
    to: revisionJson(b.info, documentId, baseUrl),
    format: diff.format,
    identical: diff.identical,
    changes: diff.changes,
    json: diff.json,
    game_ini: diff.gameIni,
    note: diff.note,
  };
}
