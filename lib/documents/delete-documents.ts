/**
 * Deleting documents (docs/CONTRACT.md#documents): if any id names another user's document the whole
 * request is refused with 403; ids that do not exist are ignored, but a request that
 * names no existing document at all is a 404. Content rows go by ON DELETE CASCADE.
 */
import { forbidden, notFound } from "@/lib/api/errors";
import { chunks, findInChunks } from "@/lib/db/chunks";
import type { Db } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";

export async function deleteDocuments(db: Db, options: { userId: string; ids: string[] }): Promise<void> {
  const { userId, ids } = options;
  await groupCommit(
    db,
    async ({ tx }) => {
      const found = await findInChunks(ids, (part) =>
        tx.document.findMany({ where: { id: { in: part } }, select: { id: true, userId: true } }),
      );
      if (found.length === 0) throw notFound("No document has these ids.", { document_ids: ids.slice(0, 20) });
      const foreign = found.filter((d) => d.userId !== userId).map((d) => d.id);
      if (foreign.length > 0)
        throw forbidden("Documents published by another user cannot be deleted.", {
          document_ids: foreign.slice(0, 20),
        });
      // userId in the filter too: never delete another user's row, whatever happened since the read.
      for (const part of chunks(ids)) await tx.document.deleteMany({ where: { id: { in: part }, userId } });
    },
    { rows: ids.length },
  );
}
