/**
 * /documents/new: a new loot document in the editor, for signed-in users. Without a
 * starting point it offers them: empty (?start=empty), the Default Loot.beacon template
 * (?start=template) or one of its crates (?start=crate&crate=<class>; any other crate of the
 * game's data starts from the game's default contents: a crate page links here), a copy of any
 * document (?from=<id>), a pasted Game.ini, a .beacon file to publish (on My documents),
 * or the unsaved draft kept in this browser (?start=draft).
 */
import type { Metadata } from "next";
import Link from "@/components/intent-link";
import { gameDefaultAction, importGameIniAction, saveLootAction } from "@/app/documents/editor-actions";
import { card, focus, input, label, secondaryButton } from "@/components/dashboard/styles";
import { LootEditor } from "@/components/loot-editor/loot-editor";
import { NeedsJavaScript } from "@/components/loot-editor/needs-javascript";
import { NewDocumentStart } from "@/components/loot-editor/new-document-start";
import { SignInNeeded } from "@/components/loot-editor/sign-in-needed";
import { currentUserId } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { crateTemplates } from "@/lib/loot-editor/crate-templates";
import { startEditor, type EditorSource } from "@/lib/loot-editor/start-editor";
import { countOf } from "@/lib/portal/format";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New loot document" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The ways to start; `from` and `fromError` give back a copy request that failed, with why. */
function Choices({ from, fromError }: { from?: string; fromError?: string }) {
  const option = `${card} block hover:border-amber-400 ${focus}`;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Link href="/documents/new?start=empty" className={option}>
        <span className="font-semibold text-amber-300">Start empty</span>
        <span className="block text-sm text-slate-300">
          No loot sources yet: add crates, item sets and items one by one.
        </span>
      </Link>
      <Link href="/documents/new?start=template" className={option}>
        <span className="font-semibold text-amber-300">Start from Default Loot</span>
        <span className="block text-sm text-slate-300">
          The game&apos;s own loot tables for the six Island supply crates (Default Loot.beacon).
        </span>
      </Link>
      <form method="get" action="/documents/new" className={card}>
        <input type="hidden" name="start" value="crate" />
        <label htmlFor="crate" className="font-semibold text-amber-300">
          Start from one crate
        </label>
        <span className="block text-sm text-slate-300">
          One of Default Loot&apos;s supply crates with the game&apos;s own item sets, to change as you like.
        </span>
        <div className="flex flex-wrap gap-2">
          <select id="crate" name="crate" className={`${input} w-auto min-w-0 flex-1`}>
            {crateTemplates().map((c) => (
              <option key={c.crateClass} value={c.crateClass}>
                {c.label}: {countOf(c.itemSets, "item set", "item sets")}, {countOf(c.entries, "entry", "entries")}
              </option>
            ))}
          </select>
          <button type="submit" className={secondaryButton}>
            Start from it
          </button>
        </div>
      </form>
      <Link href="/documents/new/settings" className={option}>
        <span className="font-semibold text-amber-300">Server settings</span>
        <span className="block text-sm text-slate-300">
          Game.ini and GameUserSettings.ini, for ASE or ASA: import your files, then change any setting by group.
        </span>
      </Link>
      <Link href="/dashboard/documents#upload" className={option}>
        <span className="font-semibold text-amber-300">Publish a .beacon file</span>
        <span className="block text-sm text-slate-300">
          A document saved by the desktop app: see what it holds, then publish it (on My documents).
        </span>
      </Link>
      <form method="get" action="/documents/new" className={`${card} sm:col-span-2`}>
        <label htmlFor="from" className={label}>
          Copy a document (its id, or use &ldquo;Make a copy&rdquo; on any document&apos;s page)
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id="from"
            name="from"
            required
            defaultValue={from}
            placeholder="xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
            aria-invalid={fromError ? true : undefined}
            aria-describedby={fromError ? "from-error" : undefined}
            className={`${input} max-w-sm font-mono`}
          />
          <button type="submit" className={secondaryButton}>
            Copy it
          </button>
        </div>
        {fromError && (
          <p id="from-error" role="alert" className="mt-2 text-sm text-rose-300">
            {fromError}
          </p>
        )}
      </form>
    </div>
  );
}

export default async function NewDocumentPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const from = first(params.from)?.trim();
  // "Copy it" sent with an empty box (a browser that ignores `required`): say so.
  const emptyFrom = params.from !== undefined && !from;
  const startParam = first(params.start);
  const crate = startParam === "crate" ? `&crate=${encodeURIComponent(first(params.crate) ?? "")}` : "";
  const here = `/documents/new${from ? `?from=${encodeURIComponent(from)}` : startParam ? `?start=${encodeURIComponent(startParam)}${crate}` : ""}`;
  const userId = await currentUserId();
  const header = (
    <header className="space-y-2">
      <p>
        <Link href="/documents" className={`text-sm text-amber-400 underline ${focus}`}>
          All documents
        </Link>
      </p>
      <h1 className="text-2xl font-bold sm:text-3xl">New loot document</h1>
    </header>
  );
  if (!userId) {
    return (
      <section className="space-y-6">
        {header}
        <SignInNeeded next={here} what="make loot documents" />
      </section>
    );
  }
  const source: EditorSource | null = from
    ? { kind: "document", id: from, edit: false }
    : startParam === "template"
      ? { kind: "template" }
      : startParam === "crate"
        ? { kind: "crate", crateClass: first(params.crate) ?? "" }
        : startParam === "empty" || startParam === "draft"
          ? { kind: "empty" }
          : null;
  const outcome = source && (await startEditor(db(), { userId, source }));
  if (!outcome || (!outcome.ok && source?.kind === "document")) {
    const fromError = emptyFrom
      ? "Give the id of the document to copy (on a document's page, “Make a copy” does this for you)."
      : outcome && !outcome.ok
        ? outcome.message
        : undefined;
    return (
      <section className="space-y-6">
        {header}
        <NeedsJavaScript />
        <NewDocumentStart
          importAction={importGameIniAction}
          saveAction={saveLootAction}
          gameDefaultAction={gameDefaultAction}
        >
          <Choices from={from} fromError={fromError} />
        </NewDocumentStart>
      </section>
    );
  }
  return (
    <section className="space-y-6">
      {header}
      <NeedsJavaScript />
      {outcome.ok ? (
        <LootEditor
          start={outcome.start}
          saveAction={saveLootAction}
          gameDefaultAction={gameDefaultAction}
          autoRestore={startParam === "draft"}
        />
      ) : (
        <p role="alert" className="text-rose-300">
          {outcome.message}{" "}
          <Link href="/documents/new" className={`text-amber-400 underline ${focus}`}>
            Other ways to start
          </Link>
        </p>
      )}
    </section>
  );
}
