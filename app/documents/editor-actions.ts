"use server";
/**
 * The loot editor's server actions, behind the dashboard's session (lib/dashboard):
 * saving publishes as the signed-in user through the v1 publish code
 * (lib/loot-editor/save-loot-document); a pasted Game.ini is read into a new document
 * (lib/loot-editor/import-game-ini); a crate's default contents come from the game's data
 * (lib/loot/game-default-source).
 */
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { config } from "@/lib/config";
import { formAction } from "@/lib/dashboard/form-action";
import { requireUser } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { importGameIni, type ImportOutcome } from "@/lib/loot-editor/import-game-ini";
import { saveLootDocument } from "@/lib/loot-editor/save-loot-document";
import { gameDefaultForEditor } from "@/lib/loot-editor/start-editor";
import { DEFAULT_DIFFICULTY } from "@/lib/loot/quality";
import { MAX_DIFFICULTY, parseDifficulty } from "@/lib/documents/document-loot";
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

/**
 * The game's default contents of a crate for a source of the editor. Signed in, as the
 * editor is: the data is public (each crate's page shows it), but the answer names the
 * catalogue's items for the editor, a database read anyone else has no use for.
 */
export async function gameDefaultAction(input: { crateClass: string; difficulty: number }) {
  await requireUser();
  const crateClass = typeof input?.crateClass === "string" ? input.crateClass.trim().slice(0, 200) : "";
  const d = input?.difficulty;
  const difficulty =
    typeof d === "number" && Number.isFinite(d) && d > 0 && d <= MAX_DIFFICULTY ? d : DEFAULT_DIFFICULTY;
  return gameDefaultForEditor(db(), crateClass, difficulty);
}
