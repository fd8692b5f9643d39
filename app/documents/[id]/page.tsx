/**
 * /documents/<id>: a document's metadata and its v1 download link; for a loot document
 * the loot view and its Game.ini lines (`?difficulty=` recalculates them), for any
 * other content the summary of its keys. Its kept revisions below (components/documents/
 * revisions); `?revision=N` shows a kept revision instead of the current content.
 */
import type { Metadata } from "next";
import Link from "@/components/intent-link";
import { notFound } from "next/navigation";
import { visibleDocument } from "./visible-document";
import { AuthorLink } from "@/components/documents/author-link";
import { ContentSummary } from "@/components/documents/content-summary";
import { DownloadCounts } from "@/components/documents/download-counts";
import { GameIniBox } from "@/components/documents/game-ini-box";
import { LastUpdated } from "@/components/documents/last-updated";
import { LootViewSection } from "@/components/documents/loot-view";
import { LootWarnings } from "@/components/documents/loot-warnings";
import { lootWarnings } from "@/lib/loot/loot-warnings";
import { ReportLink } from "@/components/moderation/report-link";
import { config } from "@/lib/config";
import { currentUserId } from "@/lib/dashboard/session";
import { readDb } from "@/lib/db/replicas";
import { feedAlternate, feedPaths } from "@/lib/feeds/feeds";
import { displayNameOf } from "@/lib/display-names/find-display-names";
import { documentsDropping } from "@/lib/documents/documents-dropping";
import { lootItemKeys } from "@/lib/loot/item-keys";
import { mapLabels } from "@/lib/loot/maps";
import { documentLoot, parseDifficulty } from "@/lib/documents/document-loot";
import { summarizeContent } from "@/lib/documents/document-summary";
import { lootView } from "@/lib/documents/loot-view";
import { documentIniLines, parseRevision } from "@/lib/documents/game-ini-export";
import { SettingsSummary } from "@/components/documents/settings-summary";
import { DocumentIniCheckSection } from "@/components/documents/document-ini-check";
import { documentIniCheck } from "@/lib/documents/document-ini-check";
import { readDocumentConfig } from "@/lib/server-config/config-document";
import { settingsSummary } from "@/lib/server-config/settings-editor";
import { revisionUrl } from "@/lib/documents/revisions/revision-json";
import { listRevisions } from "@/lib/documents/revisions/revision-store";
import { RevisionList } from "@/components/documents/revisions/revision-list";
import { RevisionNotices } from "@/components/documents/revisions/revision-notices";
import { diffRevisions, type RevisionDiffJson } from "@/lib/documents/revisions/revision-diff";
import { DiffView } from "@/components/documents/revisions/diff-view";
import { answerApiError } from "@/lib/api/errors";
import { formatCount, formatUtc } from "@/lib/portal/format";
import { shownTitle, titleIsCut } from "@/lib/documents/text-limits";

export const dynamic = "force-dynamic";

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const documentFor = (id: string) => visibleDocument(id, false, true);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const doc = await documentFor((await params).id);
  if (!doc) return { title: "Document not found" };
  // The author's feed: where this document's next revision will show.
  return {
    title: shownTitle(doc.name),
    alternates: feedAlternate(config().BASE_URL, feedPaths.author(doc.user_id), "This author's documents"),
  };
}

type Query = Record<string, string | string[] | undefined>;

/** `?since=N` (N to the newest) or `?from=N&to=M`: the diff to show, or why there is none. */
async function pageDiff(
  documentId: string,
  query: Query,
): Promise<{ diff: RevisionDiffJson; since: boolean } | { error: string } | null> {
  const one = (name: string) => {
    const v = query[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const since = one("since");
  if (since === undefined && one("from") === undefined && one("to") === undefined) return null;
  const numbers = [since ?? one("from"), since === undefined ? one("to") : undefined].map(parseRevision);
  const bad = numbers.find((n) => !n.ok);
  if (bad && !bad.ok) return { error: bad.message };
  const [from, to] = numbers.map((n) => (n.ok ? n.value : undefined));
  return answerApiError(
    async () => ({
      diff: await diffRevisions(readDb(), { documentId, from, to, baseUrl: config().BASE_URL }),
      since: since !== undefined,
    }),
    (err) => ({ error: err.message }),
  );
}

export default async function DocumentPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const doc = await documentFor((await params).id);
  if (!doc) notFound();
  const query = await searchParams;
  const difficultyParam = query.difficulty;
  const difficulty = parseDifficulty(Array.isArray(difficultyParam) ? difficultyParam[0] : difficultyParam);
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const revisions = await listRevisions(readDb(), doc.document_id);
  const asked = parseRevision(first(query.revision));
  // A kept revision other than the current one; anything else shows the current content.
  const revision =
    asked.ok && asked.value !== doc.revision && revisions.some((r) => r.revision === asked.value)
      ? asked.value
      : undefined;
  const compare = await pageDiff(doc.document_id, query);
  const [{ content, loot }, userId, authorName, moderation] = await Promise.all([
    documentLoot(readDb(), doc.document_id, revision),
    currentUserId(),
    displayNameOf(readDb(), doc.user_id),
    // Shown at all while hidden only to its author and moderators: they read why.
    readDb().document.findUnique({
      where: { id: doc.document_id },
      select: { hiddenAt: true, hiddenReason: true, hiddenBy: true },
    }),
  ]);
  const isAuthor = userId === doc.user_id;
  const documentConfig = readDocumentConfig(content.state === "parsed" ? content.value : null);
  const iniDifficulty = (difficulty.ok ? difficulty.value : undefined) ?? loot?.doc.difficulty;
  const iniQuery = new URLSearchParams();
  if (iniDifficulty !== undefined && iniDifficulty !== loot?.doc.difficulty)
    iniQuery.set("difficulty", String(iniDifficulty));
  if (revision !== undefined) iniQuery.set("revision", String(revision));
  const iniHref = `/documents/${doc.document_id}/game.ini${iniQuery.size > 0 ? `?${iniQuery}` : ""}`;
  const downloadHref = (n: number) =>
    n === doc.revision ? doc.resource_url : revisionUrl(config().BASE_URL, doc.document_id, n);
  return (
    <article className="space-y-6" aria-labelledby="document-title">
      <p>
        <Link
          href="/documents"
          className="inline-block py-2 text-sm text-amber-400 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
        >
          All documents
        </Link>
      </p>
      <header className="space-y-2">
        <h1 id="document-title" className="wrap-anywhere text-2xl font-bold sm:text-3xl">
          {shownTitle(doc.name)}
        </h1>
        {titleIsCut(doc.name) && (
          // The API takes any title; the page shows the start and keeps the rest one tap away.
          <details className="text-sm text-slate-300" data-testid="full-title">
            <summary className="cursor-pointer py-2 text-amber-400">
              Title shortened: show all {formatCount(Array.from(doc.name).length)} characters
            </summary>
            <p className="whitespace-pre-line wrap-anywhere">{doc.name}</p>
          </details>
        )}
        {doc.description && <p className="whitespace-pre-line wrap-anywhere text-slate-300">{doc.description}</p>}
      </header>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-slate-400">Author</dt>
        <dd>
          <AuthorLink userId={doc.user_id} name={authorName} />
        </dd>
        <dt className="text-slate-400">Revision</dt>
        <dd>{doc.revision}</dd>
        <dt className="text-slate-400">Updated</dt>
        <dd>
          <LastUpdated value={doc.last_updated} />
        </dd>
        <dt className="text-slate-400">Downloads</dt>
        <dd>
          <DownloadCounts doc={doc} week />
        </dd>
        {loot && (
          <>
            <dt className="text-slate-400">Maps</dt>
            <dd data-testid="document-maps">{mapLabels(loot.doc.maps).join(", ") || "Not set"}</dd>
            <dt className="text-slate-400">Difficulty</dt>
            <dd data-testid="document-difficulty">{loot.doc.difficulty}</dd>
          </>
        )}
      </dl>
      {moderation?.hiddenAt && (
        <p
          role="status"
          className="rounded border border-rose-800 bg-rose-950/40 p-3 text-sm text-rose-100"
          data-testid="hidden-status"
        >
          Hidden from others since {formatUtc(moderation.hiddenAt)}
          {moderation.hiddenBy === "suspension" ? ", with its author's suspension" : " by a moderator"}:{" "}
          <span className="whitespace-pre-line break-words">{moderation.hiddenReason}</span>.{" "}
          {isAuthor ? (
            <>
              Only you and the moderators see it.{" "}
              <Link
                href="/dashboard"
                className="text-amber-400 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
              >
                Appeal from your dashboard
              </Link>
            </>
          ) : (
            "Only its author and the moderators see it."
          )}
        </p>
      )}
      {query.saved !== undefined && isAuthor && (
        <p
          role="status"
          className="rounded border border-emerald-800 bg-emerald-950/40 p-3 text-sm text-emerald-200"
          data-testid="saved-status"
        >
          Saved: this is revision {doc.revision}.
        </p>
      )}
      <RevisionNotices
        documentId={doc.document_id}
        current={doc.revision}
        shown={revision}
        shownInfo={revisions.find((r) => r.revision === revision)}
        askedRevision={first(query.revision)}
        askedFound={revision !== undefined || (asked.ok && asked.value === doc.revision)}
        restored={isAuthor ? first(query.restored) : undefined}
        restoredFrom={revisions.find((r) => String(r.revision) === first(query.restored))?.restoredFrom ?? undefined}
        restoreError={first(query.restore_error)}
      />
      {compare && "error" in compare && (
        <p role="alert" className="text-sm text-rose-300">
          No changes to show: {compare.error}
        </p>
      )}
      {compare && "diff" in compare && <DiffView diff={compare.diff} current={doc.revision} since={compare.since} />}
      <p className="flex flex-wrap gap-2">
        <a
          href={downloadHref(revision ?? doc.revision)}
          download
          className="inline-flex min-h-11 items-center rounded bg-amber-400 px-4 py-2 font-semibold text-slate-950 hover:bg-amber-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-200 focus-visible:ring-offset-2 focus-visible:ring-offset-slate-950"
        >
          {revision === undefined ? "Download document" : `Download revision ${revision}`}
        </a>
        {loot && (
          // The editor's pages tell a visitor who is not signed in how to sign in.
          <Link
            href={isAuthor ? `/documents/${doc.document_id}/edit` : `/documents/new?from=${doc.document_id}`}
            className="inline-block rounded bg-slate-800 px-4 py-2 font-semibold hover:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
          >
            {isAuthor ? "Edit" : "Make a copy"}
          </Link>
        )}
        <ReportLink kind="document" id={doc.document_id} label={`document ${shownTitle(doc.name)}`} />
      </p>
      {loot ? (
        <>
          <LootWarnings warnings={lootWarnings(loot.doc)} />
          <GameIniBox
            text={documentIniLines(loot, documentConfig.settings, "Game.ini", iniDifficulty)}
            downloadHref={iniHref}
            mergeAction={`/documents/${doc.document_id}/game.ini${revision === undefined ? "" : `?revision=${revision}`}`}
            revision={revision}
            difficulty={iniDifficulty ?? loot.doc.difficulty}
            documentDifficulty={loot.doc.difficulty}
            difficultyError={difficulty.ok ? undefined : difficulty.message}
            mergeEmpty={query.merge === "empty"}
          />
          <LootViewSection
            view={lootView(loot.doc, loot.resolve, await documentsDropping(readDb(), lootItemKeys(loot.doc)))}
            // The current content's odds only: a kept revision's page shows its sources as they were.
            oddsHref={
              revision === undefined
                ? (i) => `/documents/${doc.document_id}/odds${i === 0 ? "" : `?source=${i}`}`
                : undefined
            }
          />
        </>
      ) : (
        <ContentSummary summary={summarizeContent(content)} />
      )}
      <SettingsSummary
        documentId={doc.document_id}
        game={documentConfig.game}
        groups={settingsSummary(documentConfig.settings, documentConfig.game)}
        isAuthor={isAuthor}
      />
      <DocumentIniCheckSection
        check={documentIniCheck(loot, documentConfig.settings, documentConfig.game, iniDifficulty)}
      />
      <RevisionList
        documentId={doc.document_id}
        current={doc.revision}
        shown={revision ?? doc.revision}
        revisions={revisions}
        loot={loot !== null}
        isAuthor={isAuthor}
        downloadHref={downloadHref}
        confirmRestore={Number(first(query.confirm_restore)) || undefined}
        keep={config().DOCUMENT_REVISIONS_KEEP}
      />
    </article>
  );
}
