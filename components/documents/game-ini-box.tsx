/**
 * A loot document's Game.ini lines in a copy box, with a copy button, the download link
 * and a difficulty form (a plain GET form: it works without JavaScript). Past
 * PREVIEW_CHARS the box shows the first lines only (the page would otherwise carry a
 * large document's lines twice over); the button and the link still give all of them.
 */
import { CopyIniButton } from "@/components/documents/copy-ini-button";

const PREVIEW_CHARS = 64 * 1024;
const BOX_ID = "game-ini-lines";

function preview(text: string): { shown: string; hiddenLines: number } {
  if (text.length <= PREVIEW_CHARS) return { shown: text, hiddenLines: 0 };
  const lines = text.split("\n");
  let shown = lines[0]!;
  let i = 1;
  while (i < lines.length && shown.length + lines[i]!.length < PREVIEW_CHARS) shown += `\n${lines[i++]}`;
  return { shown, hiddenLines: lines.filter((l, k) => k >= i && l !== "").length };
}

const focus = "focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

export function GameIniBox(props: {
  text: string;
  downloadHref: string;
  mergeAction: string;
  difficulty: number;
  documentDifficulty: number;
  difficultyError?: string;
  /** the kept revision shown, when not the current content: the difficulty form keeps it */
  revision?: number;
  /** the merge form came back: nothing was pasted or chosen */
  mergeEmpty?: boolean;
}) {
  const { shown, hiddenLines } = preview(props.text);
  return (
    <section aria-labelledby="game-ini-title" className="space-y-3 rounded-lg border border-slate-800 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="game-ini-title" className="text-lg font-semibold">
          Game.ini
        </h2>
        <div className="flex gap-2">
          <CopyIniButton boxId={BOX_ID} fetchHref={hiddenLines > 0 ? props.downloadHref : undefined} />
          <a
            href={props.downloadHref}
            download
            className={`inline-flex min-h-11 items-center rounded bg-amber-400 px-3 py-1.5 text-sm sm:min-h-0 font-semibold text-slate-950 hover:bg-amber-300 ${focus}`}
          >
            Download Game.ini
          </a>
        </div>
      </div>
      <p className="text-sm text-slate-300">
        Add these lines to the server&apos;s Game.ini; if it already has the{" "}
        <code className="font-mono">[/script/shootergame.shootergamemode]</code> section, put the lines under it instead
        of repeating the header. Quality numbers are worked out for difficulty {props.difficulty}
        {props.difficulty === props.documentDifficulty
          ? " (the document's)"
          : ` (the document says ${props.documentDifficulty})`}
        .
      </p>
      <form method="get" className="flex flex-wrap items-end gap-2">
        {props.revision !== undefined && <input type="hidden" name="revision" value={String(props.revision)} />}
        <div className="flex flex-col gap-1">
          <label htmlFor="difficulty" className="text-xs font-medium text-slate-300">
            Server difficulty (OverrideOfficialDifficulty)
          </label>
          <input
            id="difficulty"
            name="difficulty"
            inputMode="decimal"
            defaultValue={String(props.difficulty)}
            aria-invalid={props.difficultyError ? true : undefined}
            aria-describedby={props.difficultyError ? "difficulty-error" : undefined}
            className={`min-h-11 w-28 rounded border border-slate-600 bg-slate-900 px-2 py-1.5 text-base sm:min-h-0 sm:text-sm ${focus}`}
          />
        </div>
        <button
          type="submit"
          className={`min-h-11 rounded bg-slate-800 px-3 py-1.5 text-sm hover:bg-slate-700 sm:min-h-0 ${focus}`}
        >
          Recalculate
        </button>
      </form>
      {props.difficultyError && (
        <p id="difficulty-error" role="alert" className="text-sm text-rose-300">
          {props.difficultyError} Showing the document&apos;s difficulty.
        </p>
      )}
      {hiddenLines > 0 && (
        <p className="text-sm text-amber-200">
          The box shows the first lines; {hiddenLines} more are in the download and are copied by the button.
        </p>
      )}
      <textarea
        id={BOX_ID}
        readOnly
        aria-label="Game.ini lines"
        data-testid="game-ini"
        value={shown}
        rows={Math.min(12, shown.split("\n").length + 1)}
        wrap="off"
        className="block w-full resize-y overflow-x-auto rounded border border-slate-700 bg-slate-900 p-2 font-mono text-xs text-slate-200"
      />
      <details id="merge" className="rounded border border-slate-800" open={props.mergeEmpty || undefined}>
        <summary className={`cursor-pointer px-3 py-3 text-sm font-medium sm:py-2 ${focus}`}>
          Merge into your Game.ini
        </summary>
        {/* A plain multipart form: the reply is the merged file, downloaded; no JavaScript needed. */}
        <form
          method="post"
          action={props.mergeAction}
          encType="multipart/form-data"
          className="space-y-2 border-t border-slate-800 p-3"
        >
          <p className="text-sm text-slate-300">
            Paste the Game.ini your server runs (or choose the file). You get it back with this document&apos;s crate
            lines in place of the same crates&apos; lines; every other line stays exactly as it is.
          </p>
          <input type="hidden" name="difficulty" value={String(props.difficulty)} />
          <label htmlFor="merge-ini" className="block text-xs font-medium text-slate-300">
            Your Game.ini
          </label>
          {props.mergeEmpty && (
            <p id="merge-error" role="alert" className="text-sm text-rose-300">
              Paste your Game.ini or choose its file first: there was nothing to merge. (For this document&apos;s lines
              alone, use Download Game.ini above.)
            </p>
          )}
          <textarea
            id="merge-ini"
            name="ini"
            aria-describedby={props.mergeEmpty ? "merge-error" : undefined}
            rows={6}
            wrap="off"
            spellCheck={false}
            placeholder="[/script/shootergame.shootergamemode]"
            className={`block w-full rounded border border-slate-600 bg-slate-900 p-2 font-mono text-xs ${focus}`}
          />
          <label htmlFor="merge-ini-file" className="block text-xs font-medium text-slate-300">
            Or choose the file
          </label>
          <input
            id="merge-ini-file"
            name="iniFile"
            type="file"
            accept=".ini,text/plain"
            className={`block w-full text-sm text-slate-300 file:mr-3 file:rounded file:border-0 file:bg-slate-800 file:px-3 file:py-1.5 file:text-slate-100 ${focus}`}
          />
          <button
            type="submit"
            className={`min-h-11 rounded bg-amber-400 px-3 py-1.5 text-sm font-semibold sm:min-h-0 text-slate-950 hover:bg-amber-300 ${focus}`}
          >
            Download merged Game.ini
          </button>
        </form>
      </details>
    </section>
  );
}
