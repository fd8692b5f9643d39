/**
 * Saving documents (docs/CONTRACT.md#documents): all or nothing in one transaction (the request's part
 * of a group commit, lib/db/group-commit.ts), however many
 * (rows go in statements of ROWS_PER_STATEMENT). New ids are created at revision 1; ids the caller owns are updated (revision +1, last_updated
 * now, download_count kept); any id owned by someone else refuses the whole batch
 * with 403. The full-text index follows name and description by itself (database
 * triggers or a generated column); the maps column and the document's items
 * (document_items, for /documents?item=) are written here with them, and so is each
 * document's new revision (lib/documents/revisions): its chunks are cut, hashed and
 * compressed before the transaction, its one-line summary worked out against the
 * content it replaces.
 */
import { forbidden } from "@/lib/api/errors";
import { batchTransactionOptions, chunks, findInChunks } from "@/lib/db/chunks";
import type { Db, Tx } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import { isUniqueViolation } from "@/lib/db/errors";
import { encodeContent, type StoredContent } from "./content-storage";
import type { DocumentInput } from "./document-input";
import { currentContents, type CurrentContent } from "./revisions/current-contents";
import { prepareRevisions, revisionRows, writeRevision, type PreparedRevision } from "./revisions/revision-store";
import { summarizeRevision, UNKNOWN_CHANGE_SUMMARY } from "./revisions/revision-summary";

export interface PublishOptions {
  userId: string;
  documents: DocumentInput[];
  now?: Date;
  /** a restore (lib/documents/revisions/restore-revision.ts): the revision whose bytes these are */
  restoredFrom?: number;
  /** revisions kept per document (DOCUMENT_REVISIONS_KEEP, which the app passes); 0 or absent: every one */
  keepRevisions?: number;
}

interface Revisions {
  prepared: PreparedRevision[];
  /** what each document held before, as read when its summary was worked out */
  before: Map<string, CurrentContent>;
  /** each document's summary against `before` */
  summaries: string[];
  restoredFrom?: number;
  keep: number;
}

function summaryOf(revisions: Revisions, i: number, doc: DocumentInput, shaNow: string | null): string {
  const before = revisions.before.get(doc.id);
  // Another write replaced the content since it was read: its summary would be of another change.
  if ((before?.sha256 ?? null) !== shaNow || before?.bytes === null) return UNKNOWN_CHANGE_SUMMARY;
  return revisions.summaries[i]!;
}

async function writeItems(tx: Tx, documents: DocumentInput[], replaced: string[]): Promise<void> {
  for (const part of chunks(replaced)) await tx.documentItem.deleteMany({ where: { documentId: { in: part } } });
  const rows = documents.flatMap((d) => d.items.map((key) => ({ key, documentId: d.id })));
  for (const part of chunks(rows)) await tx.documentItem.createMany({ data: part });
}

async function write(
  tx: Tx,
  userId: string,
  documents: DocumentInput[],
  contents: StoredContent[],
  revisions: Revisions,
  now: Date,
): Promise<void> {
  const ids = documents.map((d) => d.id);
  const existing = await findInChunks(ids, (part) =>
    tx.document.findMany({ where: { id: { in: part } }, select: { id: true, userId: true } }),
  );
  const foreign = existing.filter((d) => d.userId !== userId).map((d) => d.id);
  if (foreign.length > 0)
    throw forbidden("Documents published by another user cannot be changed.", { document_ids: foreign.slice(0, 20) });
  const owned = new Set(existing.map((d) => d.id));
  const fresh = documents.flatMap((d, i) => (owned.has(d.id) ? [] : [{ doc: d, content: contents[i]! }]));
  for (const part of chunks(fresh)) {
    await tx.document.createMany({
      data: part.map(({ doc }) => ({
        id: doc.id,
        userId,
        name: doc.name,
        description: doc.description,
        maps: doc.maps,
        lastUpdated: now,
      })),
    });
    await tx.documentContent.createMany({ data: part.map(({ doc, content }) => ({ documentId: doc.id, ...content })) });
  }
  const shas = new Map(
    (
      await findInChunks([...owned], (part) =>
        tx.documentContent.findMany({
          where: { documentId: { in: part } },
          select: { documentId: true, sha256: true },
        }),
      )
    ).map((c) => [c.documentId, c.sha256]),
  );
  for (const [i, doc] of documents.entries()) {
    const meta = { createdAt: now, restoredFrom: revisions.restoredFrom };
    if (!owned.has(doc.id)) {
      const summary = summaryOf(revisions, i, doc, null);
      await writeRevision(tx, revisions.prepared[i]!, { ...meta, revision: 1, summary }, revisions.keep);
      continue;
    }
    const content = contents[i]!;
    const summary = summaryOf(revisions, i, doc, shas.get(doc.id) ?? null);
    const { revision } = await tx.document.update({
      where: { id: doc.id },
      data: {
        name: doc.name,
        description: doc.description,
        maps: doc.maps,
        revision: { increment: 1 },
        lastUpdated: now,
        content: { upsert: { create: content, update: content } },
      },
      select: { revision: true },
    });
    await writeRevision(tx, revisions.prepared[i]!, { ...meta, revision, summary }, revisions.keep);
  }
  await writeItems(tx, documents, [...owned]);
}

export async function publishDocuments(db: Db, options: PublishOptions): Promise<void> {
  const { userId, documents, now = new Date() } = options;
  const [contents, prepared, before] = await Promise.all([
    Promise.all(documents.map((d) => encodeContent(d.content))),
    prepareRevisions(db, documents),
    currentContents(
      db,
      documents.map((d) => d.id),
    ),
  ]);
  const summaries = await Promise.all(
    documents.map((d) =>
      summarizeRevision(db, {
        previous: before.get(d.id)?.bytes ?? null,
        next: d.content,
        restoredFrom: options.restoredFrom,
      }),
    ),
  );
  const revisions: Revisions = {
    prepared,
    before,
    summaries,
    restoredFrom: options.restoredFrom,
    keep: options.keepRevisions ?? 0,
  };
  // A large document weighs in the batch like many rows: one row per 64 KiB stored.
  const rows =
    documents.length +
    prepared.reduce((n, p) => n + revisionRows(p), 0) +
    Math.floor(contents.reduce((n, c) => n + c.body.length, 0) / 65_536);
  const limits = { rows, timeoutMs: batchTransactionOptions(documents.length, 60_000).timeout };
  const attempt = () => groupCommit(db, ({ tx }) => write(tx, userId, documents, contents, revisions, now), limits);
  try {
    await attempt();
  } catch (err) {
    // Another request created one of these ids between our read and our insert: run
    // again, now seeing it as an update of our own document or as someone else's (403).
    if (!isUniqueViolation(err)) throw err;
    await attempt();
  }
}
