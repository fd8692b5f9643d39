"use server";
/**
 * The loot editor's server actions, behind the dashboard's session (lib/dashboard):
 * saving publishes as the signed-in user through the v1 publish code
 * (lib/loot-editor/save-loot-document); a pasted Game.ini is read into a new document
 * (lib/loot-editor/import-game-ini).
 */
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { config } from "@/lib/config";
import { formAction } from "@/lib/dashboard/form-action";
import { requireUser } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { importGameIni, type ImportOutcome } from "@/lib/loot-editor/import-game-ini";
import { saveLootDocument } from "@/lib/loot-editor/save-loot-document";
import { parseDifficulty } from "@/lib/documents/document-loot";
import { isUuid } from "@/lib/uuid";

export const saveLootAction = formAction(
  z.object({
    document_id: z
      .string()
      .refine(isUuid, "is not a document id")
      .transform((s) => s.toLowerCase()),
    mode: z.enum(["create", "update"]),
    content: z.string().min(1, "The document is empty."),
  }),
  "form",
  async (userId, input) => {
    const saved = await saveLootDocument(db(), {
      userId,
      mode: input.mode,
      documentId: input.document_id,
      content: input.content,
      maxBytes: config().MAX_BODY_BYTES,
      keepRevisions: config().DOCUMENT_REVISIONS_KEEP,
    });
    revalidatePath(`/documents/${saved.documentId}`);
    return { ok: `Saved revision ${saved.revision}.` };
  },
);

export async function importGameIniAction(input: { text: string; difficulty: string }): Promise<ImportOutcome> {
  await requireUser();
  const text = typeof input?.text === "string" ? input.text : "";
  const difficulty = parseDifficulty(typeof input?.difficulty === "string" ? input.difficulty : "");
  if (!difficulty.ok) return { ok: false, message: difficulty.message, problems: [] };
  if (!text.trim())
    return {
      ok: false,
      message: "Paste the Game.ini (or its [/script/shootergame.shootergamemode] section) first.",
      problems: [],
    };
  return importGameIni(db(), { text, difficulty: difficulty.value });
}
