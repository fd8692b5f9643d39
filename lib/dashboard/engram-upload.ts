/**
 * The dashboard's bulk engram upload: a JSON or CSV engram file checked with the rules
 * the API and the CLI apply (validatePushRows: engramInput per row, row numbers; rows
 * without mod_id belong to this mod), plus paths another mod or the base game owns,
 * then compared with the mod's engrams so the preview says what would change. The
 * apply step then POSTs `send` in slices through postEngrams, as the API does.
 */
import type { EngramInputJson } from "@/lib/client/beacon-api";
import type { Db } from "@/lib/db/client";
import { uidOf } from "@/lib/engrams/derive";
import { EngramFileError, engramFileFormat, readEngramFile } from "@/lib/engrams/engram-file";
import { engramJson, engramSelect } from "@/lib/engrams/engram-json";
import type { RowError } from "@/lib/engrams/import-engrams";
import { planPush, validatePushRows } from "@/lib/engrams/push-plan";

export const MAX_SHOWN_ERRORS = 100;
export { MAX_APPLY_ITEMS } from "@/lib/dashboard/upload-limits";

export type UploadPreview =
  | { ok: true; total: number; added: number; updated: number; unchanged: number; notInFile: number; send: EngramInputJson[] }
  | { ok: false; message: string; errors: RowError[]; errorCount: number };

export async function previewEngramUpload(db: Db, options: { modId: string; fileName: string; text: string }): Promise<UploadPreview> {
  const format = engramFileFormat(options.fileName);
  if (!format) return { ok: false, message: "Choose a .csv or .json file.", errors: [], errorCount: 0 };
  let rows;
  try {
    rows = readEngramFile(options.text, format);
  } catch (err) {
    if (err instanceof EngramFileError) return { ok: false, message: `The file is ${err.message}.`, errors: [], errorCount: 0 };
    throw err;
  }
  if (rows.length === 0) return { ok: false, message: "The file holds no engrams.", errors: [], errorCount: 0 };
  const { records, errors } = validatePushRows(rows, options.modId);
  const owners = new Map<string, string | null>();
  for (let i = 0; i < records.length; i += 500) {
    const uids = records.slice(i, i + 500).map((r) => r.uid);
    for (const e of await db.engram.findMany({ where: { uid: { in: uids }, NOT: { modId: options.modId } }, select: { uid: true, modId: true } })) owners.set(e.uid, e.modId);
  }
  if (owners.size > 0) {
    const rowOfUid = new Map<string, number>();
    for (const { row, value } of rows) {
      const path = (value as { path?: unknown } | null)?.path;
      if (typeof path === "string") rowOfUid.set(uidOf(path), row);
    }
    for (const [uid, owner] of owners) {
      errors.push({ row: rowOfUid.get(uid) ?? 0, message: `path: belongs to ${owner === null ? "the base game" : `mod ${owner}`}` });
    }
    errors.sort((a, b) => a.row - b.row);
  }
  if (errors.length > 0) {
    return { ok: false, message: `${errors.length} problem${errors.length === 1 ? "" : "s"} found; nothing was saved.`, errors: errors.slice(0, MAX_SHOWN_ERRORS), errorCount: errors.length };
  }
  // resource_url plays no part in the comparison: no base URL needed.
  const current = (await db.engram.findMany({ where: { modId: options.modId }, select: engramSelect })).map((r) => engramJson(r, ""));
  const plan = planPush(records, current);
  return { ok: true, total: records.length, added: plan.added, updated: plan.updated, unchanged: plan.unchanged, notInFile: plan.missing.length, send: plan.send };
}
