/**
 * What changed between two revisions of a document, on its page: the loot changes in the
 * words the CLI prints too (lib/documents/revisions/revision-diff: each change's `text`),
 * the other settings key by key, and the Game.ini lines that differ, each line folded
 * away (a crate's line is long) and scrolling inside its own box at 390 px.
 */
import Link from "@/components/intent-link";
import type { RevisionDiffJson } from "@/lib/documents/revisions/revision-diff";

const focus = "focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

const INI_KINDS = { added: "Added", removed: "Removed", changed: "Changed" } as const;

function Line({ label, text }: { label: string; text: string }) {
  return (
    <div className="space-y-1">
      <p className="text-xs font-medium text-slate-400">{label}</p>
      {/* Focusable, so a keyboard can scroll a long line (it scrolls inside its own box). */}
      <pre
        tabIndex={0}
        aria-label={`${label}: the Game.ini line`}
        className="max-h-40 overflow-auto whitespace-pre rounded border border-slate-800 bg-slate-900 p-2 font-mono text-xs text-slate-200"
      >
        {text}
      </pre>
    </div>
  );
}

export function DiffView(props: { diff: RevisionDiffJson; current: number; since: boolean }) {
  const { diff } = props;
  const from = diff.from.revision;
  const to = diff.to.revision;
  const nothing =
    diff.changes.length === 0 && diff.json.length === 0 && diff.game_ini.length === 0 && diff.odds.length === 0;
  return (
    <section
      aria-labelledby="diff-title"
      data-testid="diff"
      className="space-y-3 rounded-lg border border-amber-700 p-4"
    >
      <h2 id="diff-title" className="text-lg font-semibold">
        {props.since && to === props.current
          ? `What changed since revision ${from}`
          : `Changes from revision ${from} to revision ${to}`}
      </h2>
      {props.since && (
        <p className="text-sm text-slate-300">
          Bookmark this page: it always shows what changed since revision {from}, the one you use.
        </p>
      )}
      {diff.identical || (nothing && diff.format !== "bytes") ? (
        <p data-testid="diff-none" className="text-slate-300">
          {diff.identical
            ? from === to
              ? "This is the same revision."
              : "Nothing changed: the two revisions hold the same bytes."
            : "No setting changed: the content is only written differently."}
        </p>
      ) : null}
      {diff.note && <p className="text-sm text-slate-300">{diff.note}</p>}
      {diff.format === "bytes" && !diff.identical && (
        <p className="text-slate-300">
          The content changed ({diff.from.size} bytes → {diff.to.size} bytes).
        </p>
      )}
      {diff.changes.length > 0 && (
        <ul className="space-y-2" aria-label="Loot changes">
          {diff.changes.map((c, i) => (
            <li
              key={i}
              data-testid="diff-change"
              data-kind={c.kind}
              className="break-words rounded border border-slate-800 p-2 text-sm"
            >
              {c.text}
            </li>
          ))}
        </ul>
      )}
      {diff.odds.length > 0 && (
        <>
          <h3 className="font-semibold">How the odds moved</h3>
          <ul className="space-y-1" aria-label="Chances per crate that moved">
            {diff.odds.map((o, i) => (
              <li key={i} data-testid="diff-odds" className="break-words text-sm">
                {o.text}
              </li>
            ))}
          </ul>
        </>
      )}
      {diff.json.length > 0 && (
        <>
          <h3 className="font-semibold">{diff.format === "loot" ? "Other settings" : "Settings"}</h3>
          <ul className="space-y-2" aria-label="Settings changed, key by key">
            {diff.json.map((c, i) => (
              <li
                key={i}
                data-testid="diff-json"
                className="break-words rounded border border-slate-800 p-2 font-mono text-xs"
              >
                {c.text}
              </li>
            ))}
          </ul>
        </>
      )}
      {diff.game_ini.length > 0 && (
        <>
          <h3 className="font-semibold">Game.ini lines that differ</h3>
          <ul className="space-y-2" aria-label="Game.ini lines that differ">
            {diff.game_ini.map((g, i) => (
              <li key={i} data-testid="diff-ini" className="rounded border border-slate-800">
                <details>
                  <summary className={`cursor-pointer break-all px-3 py-2 text-sm ${focus}`}>
                    {INI_KINDS[g.kind]}: the line of {g.crate}
                  </summary>
                  <div className="space-y-2 border-t border-slate-800 p-2">
                    {g.from !== undefined && <Line label={`Revision ${from}`} text={g.from} />}
                    {g.to !== undefined && <Line label={`Revision ${to}`} text={g.to} />}
                  </div>
                </details>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="text-sm">
        <Link href={`/documents/${diff.document_id}`} className={`text-amber-400 underline ${focus}`}>
          Hide the changes
        </Link>
      </p>
    </section>
  );
}
