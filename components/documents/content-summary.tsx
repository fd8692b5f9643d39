/** The counts lib/documents/document-summary found in a document's content. */
import type { DocumentSummary } from "@/lib/documents/document-summary";
import { countOf, formatCount, plural } from "@/lib/portal/format";

const kb = (bytes: number) =>
  bytes < 1024 ? `${formatCount(bytes)} bytes` : `${formatCount(Math.round(bytes / 1024))} KB`;

export function ContentSummary({ summary }: { summary: DocumentSummary }) {
  return (
    <section aria-labelledby="summary-title" className="space-y-2 rounded-lg border border-slate-800 p-4">
      <h2 id="summary-title" className="text-lg font-semibold">
        Content summary
      </h2>
      {summary.state === "missing" && <p className="text-slate-300">This document has no stored content.</p>}
      {summary.state === "too-large" && (
        <p className="text-slate-300">
          The content ({kb(summary.bytes)}) is too large to summarise here; download it to open it in Beacon.
        </p>
      )}
      {summary.state === "unreadable" && (
        <p className="text-slate-300">
          The content ({kb(summary.bytes)}) is not in a format this page can summarise; Beacon can still open it.
        </p>
      )}
      {summary.state === "parsed" && (
        <>
          <p className="text-slate-300">
            {kb(summary.bytes)} of settings in {formatCount(summary.keys)} top-level{" "}
            {plural(summary.keys, "entry", "entries")}.
          </p>
          {summary.entries.length > 0 && (
            <ul className="grid gap-1 text-sm sm:grid-cols-2">
              {summary.entries.map((e) => (
                <li key={e.key} className="break-words">
                  <span className="font-mono text-slate-200">{e.key}</span>:{" "}
                  <span className="text-slate-300">
                    {e.kind === "list" ? countOf(e.count, "item", "items") : countOf(e.count, "setting", "settings")}
                  </span>
                </li>
              ))}
              {summary.more > 0 && <li className="text-slate-400">and {summary.more} more</li>}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
