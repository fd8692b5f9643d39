"use client";
/**
 * Every issue of the document the user is shown in one list, each saying where it is and linking there
 * (the source is opened first). Errors come first: they are what blocks saving.
 */
import type { LootDocument } from "@/lib/loot/loot-document";
import type { LootIssue } from "@/lib/loot/validate-loot";
import { partId } from "./editor-context";
import { countOf } from "@/lib/portal/format";

const SHOWN = 50;

/** "Source “Island White” › set “Campsite” › entry 3 › item 1" */
export function issuePlace(doc: LootDocument, path: readonly number[]): string {
  const [s, t, e, i] = path;
  if (s === undefined) return "Document";
  const source = doc.sources[s];
  const parts = [`Source ${source?.label ? `“${source.label}”` : s + 1}`];
  if (t !== undefined) parts.push(`set ${source?.itemSets[t]?.label ? `“${source.itemSets[t].label}”` : t + 1}`);
  if (e !== undefined) parts.push(`entry ${e + 1}`);
  if (i !== undefined) parts.push(`item ${i + 1}`);
  return parts.join(" › ");
}

export function IssueSummary({
  doc,
  issues,
  waiting = 0,
  reveal,
}: {
  doc: LootDocument;
  /** the issues to show */
  issues: LootIssue[];
  /** issues not shown yet (fields the user has not acted on) */
  waiting?: number;
  reveal: (path: readonly number[]) => void;
}) {
  const errors = issues.filter((i) => i.severity === "error");
  const warnings = issues.filter((i) => i.severity === "warning");
  if (issues.length === 0)
    return (
      <p
        className={`text-sm ${waiting > 0 ? "text-slate-400" : "text-emerald-300"}`}
        id="loot-issues"
        tabIndex={-1}
        data-testid="loot-issues"
      >
        {waiting > 0 ? "Problems are listed here as you fill in the document." : "No problems found."}
      </p>
    );
  const ordered = [...errors, ...warnings];
  return (
    <details
      id="loot-issues"
      tabIndex={-1}
      className="rounded-lg border border-slate-700 p-3"
      open={errors.length > 0}
      data-testid="loot-issues"
    >
      <summary className="cursor-pointer text-sm font-semibold">
        <span className={errors.length > 0 ? "text-rose-300" : "text-slate-200"}>
          {countOf(errors.length, "error", "errors")}
        </span>
        {errors.length > 0 ? " (saving waits for them)" : ""}, {countOf(warnings.length, "warning", "warnings")}
      </summary>
      <ul className="mt-2 space-y-1 text-sm">
        {ordered.slice(0, SHOWN).map((issue, k) => (
          <li key={k} className={issue.severity === "error" ? "text-rose-300" : "text-amber-200"}>
            <a
              href={`#${partId(issue.path)}`}
              onClick={() => reveal(issue.path)}
              className="underline focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
            >
              {issuePlace(doc, issue.path)}
            </a>
            : {issue.message}
          </li>
        ))}
      </ul>
      {ordered.length > SHOWN && (
        <p className="mt-1 text-xs text-slate-400">and {ordered.length - SHOWN} more (each is shown where it is).</p>
      )}
    </details>
  );
}
