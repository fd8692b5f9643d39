/**
 * A loot document's crash-risk and sanity warnings (lib/loot/loot-warnings): on the document
 * page and in the loot editor, the same list. Crash risks first. Renders nothing when there
 * are none.
 */
import { MAX_QUANTITY, MAX_SAFE_ITEM_ROLLS, type LootWarning } from "@/lib/loot/loot-warnings";

export function LootWarnings({ warnings }: { warnings: LootWarning[] }) {
  if (warnings.length === 0) return null;
  const sorted = [...warnings].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "crash" ? -1 : 1));
  const crash = sorted.some((w) => w.severity === "crash");
  return (
    <section
      aria-labelledby="loot-warnings-title"
      data-testid="loot-warnings"
      className={`space-y-2 rounded border p-3 text-sm ${crash ? "border-rose-700 bg-rose-950/40" : "border-amber-700 bg-amber-950/30"}`}
    >
      <h2 id="loot-warnings-title" className="text-base font-semibold">
        {crash ? "Crash risk" : "Warnings"} <span className="font-normal text-slate-300">({warnings.length})</span>
      </h2>
      <ul className="list-disc space-y-1 pl-5">
        {sorted.map((w, i) => (
          <li key={i} data-kind={w.kind} className="break-words">
            <strong className={w.severity === "crash" ? "text-rose-200" : "text-amber-200"}>
              {w.severity === "crash" ? "Crash risk" : "Warning"}:
            </strong>{" "}
            {w.message}
          </li>
        ))}
      </ul>
      <p className="text-slate-300">
        Computed from the numbers, not by rolling: a crash risk is a crate that can roll more than{" "}
        {MAX_SAFE_ITEM_ROLLS.toLocaleString("en-US")} items at once (each unit of quantity is a separate roll) or a
        quantity past {MAX_QUANTITY.toLocaleString("en-US")}.
      </p>
    </section>
  );
}
