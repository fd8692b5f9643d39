/**
 * The kept revisions of a document on its page, newest first, folded away behind their
 * count (the newest one's summary in view): for each one its number, time, size and
 * summary, a link to view it (`?revision=N`), to download it and its Game.ini, to see
 * what changed since it (`?since=N`, a link to bookmark), and for its author a Restore
 * button. Restoring asks first, on the page (`?confirm_restore=N`, plain forms, so it works
 * without JavaScript): what it makes, and which kept revision goes when the server keeps
 * only so many.
 */
import Link from "@/components/intent-link";
import { restoreRevisionAction } from "@/app/documents/[id]/revision-actions";
import type { RevisionInfo } from "@/lib/documents/revisions/revision-store";
import { restoreRevisionQuestion } from "@/lib/dashboard/confirm-questions";
import { formatCount, formatUtc } from "@/lib/portal/format";

const focus = "focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";
const link = `inline-flex min-h-11 items-center text-amber-400 underline sm:min-h-0 ${focus}`;

export const formatBytes = (bytes: number) =>
  bytes < 1024
    ? `${formatCount(bytes)} bytes`
    : `${(bytes / 1024).toLocaleString("en-US", { maximumFractionDigits: 1 })} KB`;

export function RevisionList(props: {
  documentId: string;
  /** the document's current revision */
  current: number;
  /** the one the page shows */
  shown: number;
  revisions: RevisionInfo[];
  /** the current content is a loot document: revisions get a Game.ini link */
  loot: boolean;
  isAuthor: boolean;
  /** v1 download URL of a revision */
  downloadHref: (revision: number) => string;
  /** `?confirm_restore=N`: the restore the author asked for, to confirm */
  confirmRestore?: number;
  /** revisions kept per document (DOCUMENT_REVISIONS_KEEP; 0: all) */
  keep: number;
}) {
  const { documentId, revisions } = props;
  if (revisions.length === 0) return null;
  const oldest = revisions[revisions.length - 1]!.revision;
  const asked =
    props.isAuthor && props.confirmRestore !== props.current
      ? revisions.find((r) => r.revision === props.confirmRestore)
      : undefined;
  const question =
    asked &&
    restoreRevisionQuestion({
      revision: asked.revision,
      current: props.current,
      kept: revisions.map((r) => r.revision),
      keep: props.keep,
    });
  return (
    <section aria-labelledby="revisions-title" className="space-y-2 rounded-lg border border-slate-800 p-4">
      <h2 id="revisions-title" className="text-lg font-semibold">
        Revisions
      </h2>
      <p className="break-words text-sm text-slate-300">
        Revision {revisions[0]!.revision}: {revisions[0]!.summary}
      </p>
      {asked && question && (
        <div
          id="restore-confirm"
          role="group"
          aria-labelledby="restore-question"
          className="space-y-2 rounded border border-rose-700 bg-rose-950/40 p-3"
          data-testid="restore-confirm"
        >
          <p id="restore-question" className="font-medium text-rose-100">
            {question.question}
          </p>
          <p className="text-sm text-slate-300">{question.detail}</p>
          <div className="flex flex-wrap items-center gap-3">
            <form action={restoreRevisionAction}>
              <input type="hidden" name="document_id" value={documentId} />
              <input type="hidden" name="revision" value={String(asked.revision)} />
              <input type="hidden" name="confirmed" value="yes" />
              <button
                type="submit"
                className={`min-h-11 rounded bg-rose-700 px-3 py-1.5 text-white hover:bg-rose-600 sm:min-h-0 ${focus}`}
              >
                Yes, restore revision {asked.revision}
              </button>
            </form>
            <Link href={`/documents/${documentId}`} className={link}>
              Cancel
            </Link>
          </div>
        </div>
      )}
      <details data-testid="revisions">
        <summary className={`cursor-pointer py-2 text-sm font-medium text-amber-400 ${focus}`}>
          {revisions.length === 1 ? "The revision kept" : `All ${formatCount(revisions.length)} revisions kept`}
        </summary>
        <div className="space-y-3 pt-2">
          {oldest > 1 && (
            <p className="text-sm text-slate-300">Revisions before {oldest} are not kept on this server.</p>
          )}
          <ol className="space-y-3" aria-label="Revisions, newest first">
            {revisions.map((r) => (
              <li
                key={r.revision}
                data-testid="revision"
                aria-current={r.revision === props.shown ? "true" : undefined}
                className={`space-y-1 rounded border p-3 text-sm ${r.revision === props.shown ? "border-amber-400" : "border-slate-800"}`}
              >
                <p className="flex flex-wrap items-baseline gap-x-3">
                  <strong className="font-semibold">Revision {r.revision}</strong>
                  {r.revision === props.current && <span className="text-emerald-300">current</span>}
                  <time dateTime={r.createdAt.toISOString()} className="text-slate-400">
                    {formatUtc(r.createdAt)}
                  </time>
                  <span className="text-slate-400">{formatBytes(r.size)}</span>
                </p>
                <p className="break-words text-slate-200" data-testid="revision-summary">
                  {r.summary}
                </p>
                <p className="flex flex-wrap gap-x-4">
                  {r.revision !== props.shown && (
                    <Link
                      href={
                        r.revision === props.current
                          ? `/documents/${documentId}`
                          : `/documents/${documentId}?revision=${r.revision}`
                      }
                      className={link}
                    >
                      View<span className="sr-only"> revision {r.revision}</span>
                    </Link>
                  )}
                  <a href={props.downloadHref(r.revision)} download className={link}>
                    Download<span className="sr-only"> revision {r.revision}</span>
                  </a>
                  {props.loot && (
                    <a href={`/documents/${documentId}/game.ini?revision=${r.revision}`} download className={link}>
                      Game.ini<span className="sr-only"> of revision {r.revision}</span>
                    </a>
                  )}
                  {r.revision !== props.current && (
                    <Link href={`/documents/${documentId}?since=${r.revision}`} className={link}>
                      Changes since<span className="sr-only"> revision {r.revision}</span>
                    </Link>
                  )}
                </p>
                {props.isAuthor && r.revision !== props.current && (
                  // A GET to this page: the confirmation above, then the restore.
                  <form method="get" action={`/documents/${documentId}#restore-confirm`}>
                    <input type="hidden" name="confirm_restore" value={String(r.revision)} />
                    <button
                      type="submit"
                      className={`min-h-11 rounded bg-slate-800 px-3 py-1.5 hover:bg-slate-700 sm:min-h-0 ${focus}`}
                    >
                      Restore revision {r.revision}
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ol>
          {revisions.length > 1 && (
            // A plain GET form: ?from=&to= on this page shows the changes between any two.
            <form method="get" className="flex flex-wrap items-end gap-2" aria-label="Compare two revisions">
              {(["from", "to"] as const).map((name) => (
                <div key={name} className="flex flex-col gap-1">
                  <label htmlFor={`compare-${name}`} className="text-xs font-medium text-slate-300">
                    {name === "from" ? "Changes from revision" : "to revision"}
                  </label>
                  <select
                    id={`compare-${name}`}
                    name={name}
                    defaultValue={String(name === "from" ? revisions[1]!.revision : revisions[0]!.revision)}
                    className={`min-h-11 rounded border border-slate-600 bg-slate-900 px-2 text-base sm:min-h-0 sm:py-1.5 sm:text-sm ${focus}`}
                  >
                    {revisions.map((r) => (
                      <option key={r.revision} value={r.revision}>
                        {r.revision}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
              <button
                type="submit"
                className={`min-h-11 rounded bg-slate-800 px-3 py-1.5 text-sm hover:bg-slate-700 sm:min-h-0 ${focus}`}
              >
                Show changes
              </button>
            </form>
          )}
        </div>
      </details>
    </section>
  );
}
