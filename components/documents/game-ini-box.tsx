/**
 * A loot document's Game.ini lines in a copy box, with a copy button, the download link
 * and a difficulty form (a plain GET form: it works without JavaScript).
 */
import { CopyButton } from "@/components/dashboard/copy-button";

const focus = "focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

export function GameIniBox(props: { text: string; downloadHref: string; difficulty: number; documentDifficulty: number; difficultyError?: string }) {
  return (
    <section aria-labelledby="game-ini-title" className="space-y-3 rounded-lg border border-slate-800 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="game-ini-title" className="text-lg font-semibold">
          Game.ini
        </h2>
        <div className="flex gap-2">
          <CopyButton text={props.text} label="Copy the Game.ini lines" />
          <a href={props.downloadHref} download className={`rounded bg-amber-400 px-3 py-1.5 text-sm font-semibold text-slate-950 hover:bg-amber-300 ${focus}`}>
            Download Game.ini
          </a>
        </div>
      </div>
      <p className="text-sm text-slate-300">
        Add these lines to the server&apos;s Game.ini; if it already has the <code className="font-mono">[/script/shootergame.shootergamemode]</code>{" "}
        section, put the lines under it instead of repeating the header. Quality numbers are worked out for difficulty {props.difficulty}
        {props.difficulty === props.documentDifficulty ? " (the document's)" : ` (the document says ${props.documentDifficulty})`}.
      </p>
      <form method="get" className="flex flex-wrap items-end gap-2">
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
            className={`w-28 rounded border border-slate-600 bg-slate-900 px-2 py-1.5 text-sm ${focus}`}
          />
        </div>
        <button type="submit" className={`rounded bg-slate-800 px-3 py-1.5 text-sm hover:bg-slate-700 ${focus}`}>
          Recalculate
        </button>
      </form>
      {props.difficultyError && (
        <p id="difficulty-error" role="alert" className="text-sm text-rose-300">
          {props.difficultyError} Showing the document&apos;s difficulty.
        </p>
      )}
      <textarea
        readOnly
        aria-label="Game.ini lines"
        data-testid="game-ini"
        value={props.text}
        rows={Math.min(12, props.text.split("\n").length + 1)}
        wrap="off"
        className="block w-full resize-y overflow-x-auto rounded border border-slate-700 bg-slate-900 p-2 font-mono text-xs text-slate-200"
      />
    </section>
  );
}
