/**
 * The one line a revision carries about what changed since the revision before it,
 * written when it is published (the list of revisions shows it without reading any
 * content): the diff's first change in the words of the page and the CLI
 * (lib/documents/diff), and how many more there are.
 */
import { resolveItems } from "@/lib/catalogue/resolve-items";
import type { Db } from "@/lib/db/client";
import type { DocumentDiff } from "../diff/document-diff";
import { diffOffThread } from "../diff/diff-off-thread";

/** When the revision a summary was worked out against is not the one replaced after all (another write came first). */
export const UNKNOWN_CHANGE_SUMMARY = "Content changed";
export const FIRST_SUMMARY = "First published";
export const UNCHANGED_SUMMARY = "Published again without a change";
export const restoredSummary = (revision: number) => `Restored revision ${revision}`;

const MAX_LINE = 200;
const kib = (n: number) => (n < 1024 ? `${n} bytes` : `${(n / 1024).toFixed(1)} KB`);
const shorten = (s: string) => (s.length <= MAX_LINE ? s : `${s.slice(0, MAX_LINE - 1)}…`);
const more = (n: number) => (n === 0 ? "" : ` (and ${n} more ${n === 1 ? "change" : "changes"})`);

/** The summary of a diff between the previous content (`before` bytes) and the new (`after`). */
export function summarizeDiff(diff: DocumentDiff, before: number, after: number): string {
  if (diff.identical) return UNCHANGED_SUMMARY;
  const lines = [...diff.changes.map((c) => c.text), ...diff.json.map((c) => c.text)];
  const count = diff.totals ? diff.totals.changes + diff.totals.json : lines.length;
  if (lines.length > 0) return shorten(lines[0]!) + more(count - 1);
  if (diff.format === "bytes") return `Content changed (${kib(before)} → ${kib(after)})`;
  return "Reformatted: the same settings, written differently";
}

export interface SummaryInput {
  /** the content this revision replaces; null for a document's first */
  previous: Uint8Array | null;
  next: Uint8Array;
  restoredFrom?: number;
}

export async function summarizeRevision(db: Db, { previous, next, restoredFrom }: SummaryInput): Promise<string> {
  if (restoredFrom !== undefined) return restoredSummary(restoredFrom);
  if (previous === null) return FIRST_SUMMARY;
  // Off the event loop (lib/documents/diff/diff-off-thread.ts), ahead of anonymous diffs.
  const diff = await diffOffThread(previous, next, (items) => resolveItems(db, items), {
    urgent: true,
    maxLines: 1,
  });
  return summarizeDiff(diff, previous.length, next.length);
}
