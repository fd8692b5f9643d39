"use client";
/**
 * /documents/new without a starting point: the ways to start (server-rendered links, as
 * children), a link back to an unsaved draft kept in this browser, and the Game.ini paste
 * box (filled with the Game.ini the ini checker handed over, ?start=ini). A pasted Game.ini
 * is read on the server (the import action); the editor then opens in place on the new
 * document, with the list of what could not be read.
 */
import Link from "@/components/intent-link";
import { useEffect, useRef, useState, useSyncExternalStore, useTransition, type ReactNode } from "react";
import { errorId, FieldError } from "@/components/dashboard/field-error";
import { card, input, label, primaryButton } from "@/components/dashboard/styles";
import { draftKeyFor, type EditorStart } from "@/lib/loot-editor/editor-start";
import type { ImportOutcome } from "@/lib/loot-editor/import-game-ini";
import { keptDraftTitle, subscribeToDrafts } from "./draft-storage";
import { takeHandedGameIni } from "./ini-handoff";
import type { GameDefaultAction } from "./editor-context";
import { LootEditor, type SaveLootAction } from "./loot-editor";

interface Props {
  children: ReactNode;
  /** app/documents/editor-actions: reads a pasted Game.ini on the server */
  importAction: (input: { text: string; difficulty: string }) => Promise<ImportOutcome>;
  saveAction: SaveLootAction;
  gameDefaultAction?: GameDefaultAction;
}

export function NewDocumentStart({ children, importAction, saveAction, gameDefaultAction }: Props) {
  const [start, setStart] = useState<EditorStart | null>(null);
  const [failure, setFailure] = useState<{ message: string; problems: string[] } | null>(null);
  const [pending, startTransition] = useTransition();
  // The draft lives in this browser's storage: the server renders the page without it.
  const draftTitle = useSyncExternalStore(
    subscribeToDrafts,
    () => keptDraftTitle(draftKeyFor("create", "")),
    () => null,
  );

  // A Game.ini handed over by the ini checker fills the box once (components/loot-editor/ini-handoff.ts).
  const iniBox = useRef<HTMLTextAreaElement>(null);
  const [handed, setHanded] = useState(false);
  useEffect(() => {
    const text = takeHandedGameIni();
    if (text === null || !iniBox.current) return;
    iniBox.current.value = text;
    iniBox.current.focus();
    setHanded(true);
  }, []);

  if (start) return <LootEditor start={start} saveAction={saveAction} gameDefaultAction={gameDefaultAction} />;

  function onImport(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = String(form.get("ini") ?? "");
    const difficulty = String(form.get("difficulty") ?? "");
    startTransition(async () => {
      const outcome = await importAction({ text, difficulty });
      if (outcome.ok) setStart(outcome.start);
      else setFailure({ message: outcome.message, problems: outcome.problems });
    });
  }

  return (
    <div className="space-y-6">
      {draftTitle !== null && (
        <p className="rounded border border-amber-700 bg-amber-950/40 p-3 text-sm" data-testid="new-draft">
          An unsaved draft{draftTitle ? ` of “${draftTitle}”` : ""} is kept in this browser.{" "}
          <Link href="/documents/new?start=draft" className="font-semibold text-amber-300 underline">
            Continue it
          </Link>
        </p>
      )}
      {children}
      <form aria-labelledby="import-title" className={card} onSubmit={onImport}>
        <h2 id="import-title" className="text-lg font-semibold">
          From a Game.ini
        </h2>
        <p className="text-sm text-slate-300">
          Paste the server&apos;s Game.ini (or just its{" "}
          <code className="font-mono">ConfigOverrideSupplyCrateItems</code> lines under{" "}
          <code className="font-mono">[/script/shootergame.shootergamemode]</code>): each line becomes a loot source
          with its item sets and entries, quality numbers become tiers, classes are looked up in the catalogue, and
          anything that cannot be read is listed.
        </p>
        {handed && (
          <p className="text-sm text-emerald-300" role="status" data-testid="ini-handed">
            Your Game.ini from the ini checker is in the box: read it to open its loot in the editor.
          </p>
        )}
        <label htmlFor="ini" className={label}>
          Game.ini
        </label>
        <textarea
          ref={iniBox}
          id="ini"
          name="ini"
          rows={8}
          spellCheck={false}
          wrap="off"
          className={`${input} font-mono text-xs`}
          aria-describedby={errorId("ini")}
        />
        <label htmlFor="import-difficulty" className={label}>
          Difficulty (when the file has no OverrideOfficialDifficulty; default 4)
        </label>
        <input id="import-difficulty" name="difficulty" inputMode="decimal" className={`${input} w-28`} />
        <FieldError id={errorId("ini")} message={failure?.message} />
        {failure && failure.problems.length > 0 && (
          <ul className="list-disc space-y-1 pl-5 text-sm text-amber-100">
            {failure.problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        )}
        <button type="submit" className={primaryButton} disabled={pending}>
          {pending ? "Reading…" : "Read the Game.ini"}
        </button>
      </form>
    </div>
  );
}
