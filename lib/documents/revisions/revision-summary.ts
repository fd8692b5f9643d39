/**
 * The one line a revision carries about what changed since the revision before it,
 * written when it is published (the list of revisions shows it without reading any
 * content).
 */
export interface SummaryInput {
  /** the content this revision replaces; null for a document's first */
  previous: Uint8Array | null;
  next: Uint8Array;
  restoredFrom?: number;
}

const kib = (n: number) => (n < 1024 ? `${n} bytes` : `${(n / 1024).toFixed(1)} KB`);

export function summarizeRevision({ previous, next, restoredFrom }: SummaryInput): string {
  if (restoredFrom !== undefined) return `Restored revision ${restoredFrom}`;
  if (previous === null) return "First published";
  if (Buffer.compare(Buffer.from(previous), Buffer.from(next)) === 0) return "Published again without a change";
  return `Content changed (${kib(previous.length)} → ${kib(next.length)})`;
}

/** When the revision a summary was worked out against is not the one replaced after all (another write came first). */
export const UNKNOWN_CHANGE_SUMMARY = "Content changed";
