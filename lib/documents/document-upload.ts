/**
 * Publishing a Beacon file (a `.beacon` document, as the desktop client saves it) from the
 * browser: the file's bytes go through exactly what POST /v1/document.php does with a
 * body (the size limit, JSON, readDocumentInputs, the suspended-writer refusal, the
 * author check of publishDocuments), with the API's own messages, so a file the page
 * accepts is one the API accepts, with the portal's own limits on titles and
 * descriptions (lib/documents/text-limits) on top. Refusals are put in the reader's words
 * (lib/documents/upload-words). The preview says what the file is before anything is
 * written; publishing checks everything again and writes in one transaction (nothing
 * half-written).
 */
import { ApiError, badRequest, forbidden } from "@/lib/api/errors";
import { tooLarge } from "@/lib/api/request-body";
import type { Db } from "@/lib/db/client";
import { findInChunks } from "@/lib/db/chunks";
import { readLootDocument } from "@/lib/loot/loot-document";
import { mapNames, type MapName } from "@/lib/loot/maps";
import { refuseSuspendedWriter } from "@/lib/moderation/suspension";
import { readDocumentInputs, type DocumentInput } from "./document-input";
import { publishDocuments } from "./publish-documents";
import { descriptionProblem, shownTitle, titleProblem } from "./text-limits";
import { uploadRefusalWords } from "./upload-words";

export interface UploadedSource {
  label: string;
  crateClass: string;
  itemSets: number;
  entries: number;
}

export interface UploadedDocument {
  documentId: string;
  name: string;
  description: string;
  maps: MapName[];
  /** null: the content has no LootSources (the API takes any document; the portal shows its keys) */
  sources: UploadedSource[] | null;
  /** distinct items the loot sources drop */
  items: number;
  /** the author's document this replaces (publishing makes the next revision), or null: a new document */
  replaces: { revision: number } | null;
}

export type UploadPreview = { ok: true; bytes: number; documents: UploadedDocument[] } | { ok: false; message: string };

export interface UploadOptions {
  userId: string;
  /** the file as uploaded */
  bytes: Uint8Array;
  /** the API's MAX_BODY_BYTES */
  maxBytes: number;
}

/** The body checks of POST /v1/document.php, in its order and with its messages. */
function readUpload(bytes: Uint8Array, maxBytes: number): { inputs: DocumentInput[]; parsed: unknown } {
  if (bytes.length > maxBytes) throw tooLarge(maxBytes);
  const text = Buffer.from(bytes).toString("utf8");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw badRequest("The body is not valid JSON.", { error: (err as Error).message });
  }
  return { inputs: readDocumentInputs(parsed, text, bytes), parsed };
}

/**
 * readUpload with what the portal adds: an empty file is said to be one (not "not valid
 * JSON"), and every document's title and description must be within the portal's limits.
 */
function readFile(bytes: Uint8Array, maxBytes: number): { inputs: DocumentInput[]; parsed: unknown } {
  if (bytes.length === 0) throw badRequest("This file is empty.");
  const read = readUpload(bytes, maxBytes);
  for (const d of read.inputs) {
    const problem = titleProblem(d.name) ?? descriptionProblem(d.description);
    if (problem)
      throw badRequest(read.inputs.length > 1 ? `“${shownTitle(d.name)}”: ${problem}` : problem, {
        document_id: d.id,
      });
  }
  return read;
}

/** The page's words for a refusal of this upload (the API's own stay the API's). */
export function uploadRefusal(err: ApiError, options: UploadOptions): string {
  return uploadRefusalWords(err, { bytes: options.bytes.length, maxBytes: options.maxBytes });
}

/** The writes publishDocuments would refuse, checked before it is asked (it checks again). */
async function existing(db: Db, userId: string, inputs: DocumentInput[]) {
  const rows = await findInChunks(
    inputs.map((d) => d.id),
    (part) => db.document.findMany({ where: { id: { in: part } }, select: { id: true, userId: true, revision: true } }),
  );
  const foreign = rows.filter((d) => d.userId !== userId).map((d) => d.id);
  if (foreign.length > 0)
    throw forbidden("Documents published by another user cannot be changed.", { document_ids: foreign.slice(0, 20) });
  return new Map(rows.map((r) => [r.id, r.revision]));
}

function describe(input: DocumentInput, parsed: unknown, revision: number | undefined): UploadedDocument {
  const loot = readLootDocument(parsed);
  const keys = new Set<string>();
  for (const s of loot?.sources ?? [])
    for (const t of s.itemSets) for (const e of t.entries) for (const i of e.items) keys.add(i.path || i.class);
  return {
    documentId: input.id,
    name: shownTitle(input.name),
    description: input.description,
    maps: mapNames(input.maps),
    sources:
      loot?.sources.map((s) => ({
        label: s.label || s.crateClass,
        crateClass: s.crateClass,
        itemSets: s.itemSets.length,
        entries: s.itemSets.reduce((n, t) => n + t.entries.length, 0),
      })) ?? null,
    items: keys.size,
    replaces: revision === undefined ? null : { revision },
  };
}

/** What the file is and what publishing it would do; nothing is written. Refusals are the API's. */
export async function previewDocumentUpload(db: Db, options: UploadOptions): Promise<UploadPreview> {
  try {
    const { inputs, parsed } = readFile(options.bytes, options.maxBytes);
    await refuseSuspendedWriter(db, options.userId);
    const revisions = await existing(db, options.userId, inputs);
    const elements = Array.isArray(parsed) ? parsed : [parsed];
    return {
      ok: true,
      bytes: options.bytes.length,
      documents: inputs.map((d, i) => describe(d, elements[i], revisions.get(d.id))),
    };
  } catch (err) {
    if (err instanceof ApiError) return { ok: false, message: uploadRefusal(err, options) };
    throw err;
  }
}

/** Publishes the file as the user, as POST /v1/document.php would; throws the API's ApiError when it would refuse (uploadRefusal words it). */
export async function publishDocumentUpload(
  db: Db,
  options: UploadOptions & { keepRevisions?: number },
): Promise<{ documentId: string; name: string; revision: number }[]> {
  const { inputs } = readFile(options.bytes, options.maxBytes);
  await refuseSuspendedWriter(db, options.userId);
  await publishDocuments(db, { userId: options.userId, documents: inputs, keepRevisions: options.keepRevisions });
  const saved = await findInChunks(
    inputs.map((d) => d.id),
    (part) => db.document.findMany({ where: { id: { in: part } }, select: { id: true, revision: true } }),
  );
  const revisions = new Map(saved.map((s) => [s.id, s.revision]));
  return inputs.map((d) => ({ documentId: d.id, name: shownTitle(d.name), revision: revisions.get(d.id) ?? 1 }));
}

export type PublishOutcome =
  { ok: true; documents: { documentId: string; name: string; revision: number }[] } | { ok: false; message: string };

/** The publish as the page answers it: what was published, or the API's refusal in the uploader's words. */
export async function publishUploadOutcome(
  db: Db,
  options: UploadOptions & { keepRevisions?: number },
): Promise<PublishOutcome> {
  try {
    return { ok: true, documents: await publishDocumentUpload(db, options) };
  } catch (err) {
    if (err instanceof ApiError) return { ok: false, message: uploadRefusal(err, options) };
    throw err;
  }
}

/**
 * The largest file the page sends: the API's limit, and below what a server action takes
 * in one request (next.config.js: 10 MiB with the form's own bytes around the file).
 */
export function uploadSendLimit(maxBytes: number): number {
  return Math.min(maxBytes, 10 * 1024 * 1024 - 64 * 1024);
}
