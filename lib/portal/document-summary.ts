/**
 * A summary of a document's stored content for its page: counts only. The content is
 * untrusted and its format is not part of the interface, so it is parsed as data
 * (JSON.parse in try/catch, never evaluated), only when small enough, and nothing but
 * sizes and key names leave this function.
 */
import type { Db } from "@/lib/db/client";
import { decodeContent } from "@/lib/documents/content-storage";

/** larger contents are not parsed on a page view */
const MAX_SUMMARY_BYTES = 4 * 1024 * 1024;
const MAX_ENTRIES = 20;

export interface SummaryEntry {
  key: string;
  kind: "list" | "group";
  count: number;
}

export type DocumentSummary =
  | { state: "missing" }
  | { state: "too-large" | "unreadable"; bytes: number }
  | { state: "parsed"; bytes: number; keys: number; entries: SummaryEntry[]; more: number };

export function summarizeJson(bytes: Uint8Array): DocumentSummary {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return { state: "unreadable", bytes: bytes.length };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { state: "unreadable", bytes: bytes.length };
  const all: SummaryEntry[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (Array.isArray(v)) all.push({ key, kind: "list", count: v.length });
    else if (v !== null && typeof v === "object") all.push({ key, kind: "group", count: Object.keys(v).length });
  }
  return { state: "parsed", bytes: bytes.length, keys: Object.keys(value).length, entries: all.slice(0, MAX_ENTRIES), more: Math.max(0, all.length - MAX_ENTRIES) };
}

export async function summarizeDocument(db: Db, documentId: string): Promise<DocumentSummary> {
  const stored = await db.documentContent.findUnique({ where: { documentId }, select: { encoding: true, body: true } });
  if (!stored) return { state: "missing" };
  // Stored bytes came through the API, so they inflate to at most MAX_BODY_BYTES; a
  // body already over the limit is not worth inflating.
  if (stored.body.length > MAX_SUMMARY_BYTES) return { state: "too-large", bytes: stored.body.length };
  let bytes: Uint8Array;
  try {
    bytes = await decodeContent(stored);
  } catch {
    return { state: "unreadable", bytes: stored.body.length };
  }
  if (bytes.length > MAX_SUMMARY_BYTES) return { state: "too-large", bytes: bytes.length };
  return summarizeJson(bytes);
}
