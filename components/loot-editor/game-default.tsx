"use client";
/**
 * "Use the game's default contents" for one source (docs/LOOT.md#start-from-the-games-default):
 * asks the server for the game's own item sets of the source's crate and puts them, with the
 * crate's counts and multipliers, in place of the source's (one edit: Undo brings back what
 * was there), then says what a document could not say exactly.
 */
import { useState, useTransition } from "react";
import { secondaryButton } from "@/components/dashboard/styles";
import { withGameDefault } from "@/lib/loot/edit-document";
import type { LootSource } from "@/lib/loot/loot-document";
import { useEditor } from "./editor-context";

type Said = { kind: "done"; text: string; notes: string[] } | { kind: "error"; text: string };

export function GameDefaultButton({
  pid,
  index,
  source,
  difficulty,
}: {
  pid: string;
  index: number;
  source: LootSource;
  difficulty: number;
}) {
  const api = useEditor();
  const [said, setSaid] = useState<Said | null>(null);
  const [pending, startAsking] = useTransition();
  const ask = api.gameDefault;
  if (!ask) return null;
  const entries = source.itemSets.reduce((n, s) => n + s.entries.length, 0);
  return (
    <div className="space-y-1">
      <button
        type="button"
        id={`${pid}-game-default`}
        className={`${secondaryButton} text-xs`}
        disabled={pending || !source.crateClass.trim()}
        aria-describedby={`${pid}-game-default-status`}
        onClick={() =>
          startAsking(async () => {
            const found = await ask({ crateClass: source.crateClass, difficulty });
            if (!found.ok) return setSaid({ kind: "error", text: found.message });
            for (const item of found.items ?? []) api.remember(item);
            api.edit((doc) => withGameDefault(doc, index, found.fields));
            const sets = found.fields.itemSets.length;
            setSaid({
              kind: "done",
              text: `Now the game's default contents of ${found.title}${found.mapName ? ` (${found.mapName})` : ""}: ${sets} item ${sets === 1 ? "set" : "sets"}.${entries > 0 ? " Undo brings back what was there." : ""}`,
              notes: found.notes,
            });
          })
        }
      >
        {pending ? "Asking for the game's default…" : "Use the game's default contents"}
      </button>
      <div id={`${pid}-game-default-status`} role="status" className="text-xs" data-testid="game-default-status">
        {said?.kind === "error" && <p className="text-rose-300">{said.text}</p>}
        {said?.kind === "done" && (
          <>
            <p className="text-slate-200">{said.text}</p>
            {said.notes.length > 0 && (
              <ul className="list-inside list-disc text-slate-400">
                {said.notes.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </div>
  );
}
