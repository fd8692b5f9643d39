/**
 * Start-up work for revisions. Documents published before revisions were kept have none:
 * their current content becomes their first kept revision (it may be gzip-stored, so
 * SQL could not do it in the migration). Then, when DOCUMENT_REVISIONS_KEEP is set,
 * documents with more revisions than that lose the oldest (as an update would), so
 * lowering it takes effect without waiting for each document's next update.
 *
 * Each document is read and written in its own transaction; a publish since the read
 * wins (the revision row is only written when the document still has that revision and
 * that content). Several instances may run this at once: the second finds the rows.
 */
import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { decodeContent } from "../content-storage";
import { prepareRevisions, pruneRevisions, writeRevision } from "./revision-store";

const BATCH = 100;

export const FIRST_KEPT_SUMMARY = "The oldest revision kept (earlier ones were published before revisions were kept)";

/** Returns how many documents got their first revision and how many lost old ones. */
export async function keepCurrentRevisions(db: Db, keep: number): Promise<{ kept: number; pruned: number }> {
  let kept = 0;
  let after = "";
  for (;;) {
    const batch = await db.document.findMany({
      where: { id: { gt: after }, revisions: { none: {} } },
      select: { id: true, revision: true, lastUpdated: true },
      orderBy: { id: "asc" },
      take: BATCH,
    });
    if (batch.length === 0) break;
    after = batch[batch.length - 1]!.id;
    for (const doc of batch) {
      const stored = await db.documentContent.findUnique({ where: { documentId: doc.id } });
      if (!stored) continue;
      const content = await decodeContent(stored);
      const [prepared] = await prepareRevisions(db, [{ id: doc.id, content }]);
      kept += await db
        .$transaction(async (tx) => {
          const now = await tx.document.findUnique({
            where: { id: doc.id },
            select: { revision: true, content: { select: { sha256: true } }, _count: { select: { revisions: true } } },
          });
          if (
            !now ||
            now.revision !== doc.revision ||
            now.content?.sha256 !== stored.sha256 ||
            now._count.revisions > 0
          )
            return 0;
          const meta = { revision: doc.revision, createdAt: doc.lastUpdated, summary: FIRST_KEPT_SUMMARY };
          await writeRevision(tx, prepared!, meta, 0);
          return 1;
        })
        // A publish of the same document wrote a chunk meanwhile: it keeps revisions now itself.
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) return 0;
          throw err;
        });
    }
  }
  let pruned = 0;
  if (keep > 0) {
    const over = await db.documentRevision.groupBy({
      by: ["documentId"],
      _count: { revision: true },
      having: { revision: { _count: { gt: keep } } },
    });
    for (const { documentId } of over) {
      await db.$transaction((tx) => pruneRevisions(tx, documentId, keep));
      pruned++;
    }
  }
  return { kept, pruned };
}
