"use client";
/** Above the editor: why it opened as it did, what could not be read, a draft to restore. */
import { primaryButton, secondaryButton } from "@/components/dashboard/styles";
import type { EditorStart } from "@/lib/loot-editor/editor-start";
import type { LootDraft } from "./draft-storage";
import { draftTime } from "./use-loot-draft";
import { countOf } from "@/lib/portal/format";

export function EditorNotices({
  start,
  offer,
  onRestore,
  onDiscard,
}: {
  start: EditorStart;
  offer: LootDraft | null;
  onRestore: (draft: LootDraft) => void;
  onDiscard: () => void;
}) {
  return (
    <>
      {start.notice && (
        <p
          className="rounded border border-sky-800 bg-sky-950/40 p-3 text-sm text-sky-100"
          data-testid="loot-editor-notice"
        >
          {start.notice}
        </p>
      )}
      {start.problems.length > 0 && (
        <details open className="rounded border border-amber-800 p-3 text-sm" data-testid="loot-read-problems">
          <summary className="cursor-pointer font-semibold text-amber-200">
            {countOf(start.problems.length, "thing", "things")} could not be read
          </summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-amber-100">
            {start.problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </details>
      )}
      {offer && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded border border-amber-700 bg-amber-950/40 p-3 text-sm"
        >
          <span>
            An unsaved draft{offer.doc.title ? ` of “${offer.doc.title}”` : ""} from {draftTime(offer.savedAt)} is kept
            in this browser
            {start.mode === "update" && offer.revision !== start.revision
              ? ` (made on revision ${offer.revision}; the document is now at revision ${start.revision})`
              : ""}
            . Editing here replaces it.
          </span>
          <button type="button" className={primaryButton} onClick={() => onRestore(offer)}>
            Restore the draft
          </button>
          <button type="button" className={secondaryButton} onClick={onDiscard}>
            Discard it
          </button>
        </div>
      )}
    </>
  );
}
