/**
 * What the document page says above its content about revisions: that it shows a kept
 * revision rather than the current content (with the way back and what changed since),
 * that an asked revision is not kept, and how a restore went (by code: the address
 * carries no text to show).
 */
import Link from "@/components/intent-link";
import type { RevisionInfo } from "@/lib/documents/revisions/revision-store";
import { formatUtc } from "@/lib/portal/format";

const RESTORE_ERRORS: Record<string, string> = {
  "403": "Only the document's author can restore its revisions.",
  "404": "That revision is no longer kept, so it could not be restored.",
  suspended: "Your account is suspended: nothing is changed until a moderator reinstates it.",
};
const link = "text-amber-400 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

export function RevisionNotices(props: {
  documentId: string;
  current: number;
  shown: number | undefined;
  shownInfo: RevisionInfo | undefined;
  askedRevision: string | undefined;
  askedFound: boolean;
  restored: string | undefined;
  /** the revision the restored one copies (its revision record's restored_from), when known */
  restoredFrom: number | undefined;
  restoreError: string | undefined;
}) {
  const { documentId, shown, shownInfo } = props;
  return (
    <>
      {props.restored !== undefined && /^\d+$/.test(props.restored) && (
        <p
          role="status"
          data-testid="restored-status"
          className="rounded border border-emerald-800 bg-emerald-950/40 p-3 text-sm text-emerald-200"
        >
          {props.restoredFrom !== undefined
            ? `Restored revision ${props.restoredFrom}: its content is now revision ${props.restored}, the current one.`
            : `Restored: revision ${props.restored} is now the current one, with that revision's content.`}
        </p>
      )}
      {props.restoreError !== undefined && (
        <p role="alert" className="rounded border border-rose-800 bg-rose-950/40 p-3 text-sm text-rose-200">
          {RESTORE_ERRORS[props.restoreError] ?? "The revision could not be restored."}
        </p>
      )}
      {props.askedRevision !== undefined && !props.askedFound && (
        <p role="alert" className="text-sm text-rose-300">
          This document has no kept revision &ldquo;{props.askedRevision.slice(0, 20)}&rdquo;; showing the current one.
        </p>
      )}
      {shown !== undefined && shownInfo && (
        <p
          data-testid="revision-banner"
          className="rounded border border-amber-700 bg-amber-950/40 p-3 text-sm text-amber-100"
        >
          You are looking at revision {shown} of {props.current}, published {formatUtc(shownInfo.createdAt)}.{" "}
          <Link href={`/documents/${documentId}`} className={link}>
            Show the current revision
          </Link>{" "}
          or see{" "}
          <Link href={`/documents/${documentId}?since=${shown}`} className={link}>
            what changed since revision {shown}
          </Link>
          .
        </p>
      )}
    </>
  );
}
