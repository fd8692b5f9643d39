/**
 * /spawn/<base or workshop id>/<class>: one item's or creature's page
 * (docs/PORTAL.md#item-and-creature-pages): its command with the builder, class, path,
 * maps, blueprintable, its mod and the documents that drop it; a title and Open Graph
 * tags naming it and its command, so a link pasted in a chat shows both. Server-rendered
 * and kept in memory (lib/server/page-cache.ts): nothing on it depends on the visitor.
 * An address that names no row answers 404 with words for it (lib/portal/not-found-message.ts).
 * `?game=asa` is the same page for ARK: Survival Ascended's rows, with ASA's commands;
 * shared Beacon documents are ASE's, so an ASA item lists none.
 */
import type { Metadata } from "next";
import { decodeSegment } from "@/lib/portal/path-segment";
import type { ReactNode } from "react";
import Link from "@/components/intent-link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { EntryCommands } from "@/components/spawn/entry-commands";
import { GAME_NAMES, parseGame, type Game } from "@/lib/catalogue/game";
import { config } from "@/lib/config";
import { readDb } from "@/lib/db/replicas";
import { variantMark } from "@/lib/catalogue/creature-variants";
import { gameMapsOf } from "@/lib/catalogue/game-maps";
import { categoryOf } from "@/lib/catalogue/item-categories";
import { entryHref, parseEntryAddress } from "@/lib/spawn/entry-address";
import { viewCommands } from "@/lib/spawn/row-command";
import {
  documentsDroppingEntry,
  entryLabel,
  entryRow,
  findSpawnEntries,
  type EntryDocuments,
  type SpawnEntry,
} from "@/lib/spawn/spawn-entry";
import { DEFAULT_VIEW, gameView, parseSpawnView, type SpawnTab } from "@/lib/spawn/spawn-view";
import { gfiScopeNote } from "@/lib/spawn/spawn-notices";
import { itemDrops } from "@/lib/loot/item-drops";
import { percent } from "@/lib/loot/shares";

export const dynamic = "force-dynamic";

type Params = Promise<{ scope: string; name: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const link =
  "text-amber-400 underline hover:text-amber-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

/** Metadata and page share one read per request. */
const entriesAt = cache(async (scope: string, name: string, game: Game) => {
  const address = parseEntryAddress(scope, decodeSegment(name));
  return address ? { address, entries: await findSpawnEntries(readDb(), address, game) } : null;
});

/** `?game=asa`, as the spawn page's rows link it; anything else is ASE's page. */
const gameOf = (query: Record<string, string | string[] | undefined>): Game => parseGame(query.game) ?? "ase";

const tabOf = (entry: SpawnEntry): SpawnTab => (entry.kind === "creature" ? "creatures" : "items");

/** The command a link preview shows: the spawn page's defaults (for ASE exactly the v1 `spawn` string). */
function defaultCommand(entry: SpawnEntry, game: Game): string {
  return viewCommands(gameView({ ...DEFAULT_VIEW, game, tab: tabOf(entry) })).commandOf!(entryRow(entry)).command;
}

/** Whose it is: ASE's base game stays "the base game" (the v1 interface's only game); an ASA row names its game. */
const origin = (entry: SpawnEntry, game: Game = "ase") =>
  game === "asa"
    ? entry.mod
      ? `${entry.mod.name}, a mod for ${GAME_NAMES.asa}`
      : GAME_NAMES.asa
    : (entry.mod?.name ?? "the base game");

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}): Promise<Metadata> {
  const { scope, name } = await params;
  const game = gameOf(await searchParams);
  const found = await entriesAt(scope, name, game);
  const entry = found?.entries[0];
  if (!found || !entry) return { title: "Not in the catalogue" };
  const label = entryLabel(entry);
  const command = defaultCommand(entry, game);
  const url = `${config().BASE_URL}${entryHref(found.address.modId, entry.className, game)}`;
  const kind = entry.kind === "creature" ? "Creature" : "Item";
  return {
    title: game === "asa" ? `${label}: spawn command (${GAME_NAMES.asa})` : `${label}: spawn command`,
    description: `${kind} of ${origin(entry, game)}. ${command}`,
    alternates: { canonical: url },
    openGraph: { type: "website", siteName: "Beacon Hub", url, title: label, description: command },
    twitter: { card: "summary", title: label, description: command },
  };
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-t border-slate-800 py-2 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm text-slate-400">{term}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-100">{children}</dd>
    </div>
  );
}

function DocumentsDropping({ entry, documents }: { entry: SpawnEntry; documents: EntryDocuments }) {
  if (documents.total === 0) return <>No shared document drops it.</>;
  return (
    <>
      <ul className="space-y-1">
        {documents.top.map((d) => (
          <li key={d.id}>
            <Link href={`/documents/${d.id}`} className={link}>
              {d.name}
            </Link>
          </li>
        ))}
      </ul>
      {documents.total > documents.top.length && (
        <p className="mt-1">
          <Link href={`/documents?item=${entry.uid}&sort=downloads`} className={link}>
            {`All ${documents.total.toLocaleString("en-US")} documents that drop it`}
          </Link>
        </p>
      )}
    </>
  );
}

/** Crates listed on an item page; the rest are on the crate search. */
const CRATES_SHOWN = 5;

function CratesDropping({ entry }: { entry: SpawnEntry }) {
  const drops = itemDrops(entry.className);
  if (drops.length === 0) return <>None of the game&apos;s crates drops it by default.</>;
  return (
    <>
      <ul className="space-y-1" data-testid="crates-dropping">
        {drops.slice(0, CRATES_SHOWN).map((d) => (
          <li key={d.crate.path}>
            <Link href={d.crate.path} className={link}>
              {`${d.crate.title}${d.crate.mapName ? ` (${d.crate.mapName})` : ""}`}
            </Link>
            <span className="text-slate-300">{`, ${percent(d.atLeastOne)} per crate`}</span>
          </li>
        ))}
      </ul>
      {drops.length > CRATES_SHOWN && (
        <p className="mt-1">
          <Link href={`/loot?q=${encodeURIComponent(entry.className)}`} className={link}>
            {`All ${drops.length} crates that drop it`}
          </Link>
        </p>
      )}
    </>
  );
}

function EntryDetails({ entry, game, documents }: { entry: SpawnEntry; game: Game; documents: EntryDocuments | null }) {
  const maps = gameMapsOf(entry.maps).map((m) => m.name);
  const unknown = <span className="text-slate-400">Not known</span>;
  const listHref = `/spawn/?mod_id=${entry.mod?.id ?? ""}${game === "asa" ? "&game=asa" : ""}${entry.kind === "creature" ? "&tab=creatures" : ""}`;
  return (
    <dl>
      <Detail term="Kind">{entry.kind === "creature" ? "Creature" : "Item"}</Detail>
      <Detail term="Class">
        <code className="break-all text-slate-100">{entry.className}</code>
      </Detail>
      <Detail term="Blueprint path">
        <code className="break-all text-slate-100">{entry.path}</code>
      </Detail>
      <Detail term="Maps">{maps.length > 0 ? maps.join(", ") : unknown}</Detail>
      {entry.kind === "item" && (
        <>
          <Detail term="Blueprintable">{entry.blueprintKnown ? (entry.canBlueprint ? "Yes" : "No") : unknown}</Detail>
          <Detail term="Category">{categoryOf(entry.facet)?.name ?? entry.category ?? unknown}</Detail>
        </>
      )}
      {entry.kind === "creature" && (
        <>
          <Detail term="Tameable">{entry.tameable === null ? unknown : entry.tameable ? "Yes" : "No"}</Detail>
          {variantMark(entry.facet) && <Detail term="Variant">{variantMark(entry.facet)}</Detail>}
          {entry.listedAs && <Detail term="Group">{entry.listedAs}</Detail>}
        </>
      )}
      <Detail term="Mod">
        <Link href={listHref} className={link}>
          {entry.mod ? entry.mod.name : "Base game"}
        </Link>
        {entry.mod && (
          <span className="text-slate-400">
            {game === "asa" ? ` (CurseForge project ${entry.mod.id})` : ` (workshop id ${entry.mod.id})`}
          </span>
        )}
      </Detail>
      {documents && (
        <Detail term="Dropped by">
          <DocumentsDropping entry={entry} documents={documents} />
        </Detail>
      )}
      {entry.kind === "item" && game === "ase" && !entry.mod && (
        <Detail term="In the game's crates">
          <CratesDropping entry={entry} />
        </Detail>
      )}
    </dl>
  );
}

export default async function EntryPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { scope, name } = await params;
  const query = await searchParams;
  const game = gameOf(query);
  const found = await entriesAt(scope, name, game);
  if (!found || found.entries.length === 0) notFound();
  const baseUrl = config().BASE_URL;
  const entries = await Promise.all(
    found.entries.map(async (entry) => ({
      entry,
      documents:
        entry.kind === "item" && game === "ase" ? await documentsDroppingEntry(readDb(), entry, baseUrl) : null,
    })),
  );
  const first = found.entries[0]!;
  const href = entryHref(found.address.modId, first.className);
  const several = entries.length > 1;
  const builderRows = found.entries.filter((e) => e.kind === first.kind);
  return (
    <article className="space-y-6" aria-labelledby="entry-title">
      <header className="space-y-1">
        <p className="text-sm text-slate-400">
          <Link href={game === "asa" ? "/spawn/?game=asa" : "/spawn/"} className={link}>
            Spawn codes
          </Link>
          {` · ${first.kind === "creature" ? "Creature" : "Item"} of ${origin(first, game)}`}
        </p>
        <h1 id="entry-title" className="text-2xl font-bold break-words sm:text-3xl">
          {entryLabel(first)}
        </h1>
        {several && (
          <p className="text-sm text-slate-300">
            {`${entries.length} blueprints of ${origin(first, game)} share the class ${first.className}: each has its own command below.`}
          </p>
        )}
      </header>
      <section aria-labelledby="entry-command-title" className="space-y-2">
        <h2 id="entry-command-title" className="text-xl font-semibold">
          {builderRows.length > 1 ? "Spawn commands" : "Spawn command"}
        </h2>
        <EntryCommands
          rows={builderRows.map((e) => ({ row: entryRow(e), label: entryLabel(e) }))}
          href={href}
          initialView={{ ...parseSpawnView(query), tab: tabOf(first) }}
          label={entryLabel(first)}
          gfiNote={gfiScopeNote(
            first.mod ? { kind: "mods", ids: [first.mod.id] } : { kind: "base" },
            first.mod ? [first.mod] : [],
          )}
        />
      </section>
      {entries.map(({ entry, documents }, i) => (
        <section key={entry.uid} aria-labelledby={`entry-${i}`} className="space-y-3">
          <h2 id={`entry-${i}`} className="text-xl font-semibold break-words">
            {several ? `${entryLabel(entry)}: ${entry.path}` : "Details"}
          </h2>
          {/* A row of the other kind than the builder's (a class an item and a creature share) shows its default command. */}
          {entry.kind !== first.kind && (
            <code
              data-command=""
              className="block rounded-lg border border-slate-700 p-3 text-sm break-all text-amber-200"
            >
              {defaultCommand(entry, game)}
            </code>
          )}
          <EntryDetails entry={entry} game={game} documents={documents} />
        </section>
      ))}
      {first.kind === "creature" && (
        <p className="text-sm">
          <Link href="/spawn/colors" className={link}>
            Colour it: dye colours and the SetTargetDinoColor builder
          </Link>
        </p>
      )}
    </article>
  );
}
