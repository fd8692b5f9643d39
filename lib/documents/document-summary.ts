/**
 * A summary of a document's stored content for its page when it is not a loot
 * document: counts only. Nothing but sizes and key names leave this function.
 */
import type { DocumentContentJson } from "@/lib/documents/document-content";
import { parseContentBytes } from "@/lib/documents/document-content";

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

export function summarizeContent(content: DocumentContentJson): DocumentSummary {
  if (content.state !== "parsed") return content;
  const { value, bytes } = content;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { state: "unreadable", bytes };
  const all: SummaryEntry[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (Array.isArray(v)) all.push({ key, kind: "list", count: v.length });
    else if (v !== null && typeof v === "object") all.push({ key, kind: "group", count: Object.keys(v).length });
  }
  return {
    state: "parsed",
    bytes,
    keys: Object.keys(value).length,
    entries: all.slice(0, MAX_ENTRIES),
    more: Math.max(0, all.length - MAX_ENTRIES),
  };
}

export function summarizeJson(bytes: Uint8Array): DocumentSummary {
  return summarizeContent(parseContentBytes(bytes));
}
