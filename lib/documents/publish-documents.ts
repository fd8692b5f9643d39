/**
 * Saving documents (docs/CONTRACT.md#documents): all or nothing in one transaction (the request's part
 * of a group commit, lib/db/group-commit.ts), however many
 * (rows go in statements of ROWS_PER_STATEMENT). New ids are created at revision 1; ids the caller owns are updated (revision +1, last_updated
 * now, download_count kept); any id owned by someone else refuses the whole batch
 * with 403. The full-text index follows name and description by itself (database
 * triggers or a generated column); the maps column and the document's items
 * (document_items, for /documents?item=) are written here with them.
 */
import { forbidden } from "@/lib/api/errors";
import { batchTransactionOptions, chunks, findInChunks } from "@/lib/db/chunks";
import type { Db, Tx } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import { isUniqueViolation } from "@/lib/db/errors";
import { encodeContent, type StoredContent } from "./content-storage";
import type { DocumentInput } from "./document-input";

export interface PublishOptions {
  userId: string;
  documents: DocumentInput[];
  now?: Date;
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
  for (const [i, doc] of documents.entries()) {
    if (!owned.has(doc.id)) continue;
    const content = contents[i]!;
    await tx.document.update({
      where: { id: doc.id },
      data: {
        name: doc.name,
        description: doc.description,
        maps: doc.maps,
        revision: { increment: 1 },
        lastUpdated: now,
        content: { upsert: { create: content, update: content } },
      },
    });
  }
  await writeItems(tx, documents, [...owned]);
}

export async function publishDocuments(db: Db, options: PublishOptions): Promise<void> {
  const { userId, documents, now = new Date() } = options;
  const contents = await Promise.all(documents.map((d) => encodeContent(d.content)));
  // A large document weighs in the batch like many rows: one row per 64 KiB stored.
  const rows = documents.length + Math.floor(contents.reduce((n, c) => n + c.body.length, 0) / 65_536);
  const limits = { rows, timeoutMs: batchTransactionOptions(documents.length, 60_000).timeout };
  const attempt = () => groupCommit(db, ({ tx }) => write(tx, userId, documents, contents, now), limits);
  try {
    await attempt();
  } catch (err) {
    // Another request created one of these ids between our read and our insert: run
    // again, now seeing it as an update of our own document or as someone else's (403).
    if (!isUniqueViolation(err)) throw err;
    await attempt();
  }
}
