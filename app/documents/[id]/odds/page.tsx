/**
 * /documents/<id>/odds[?source=N][&rule=][&sort=]: what each crate of a loot document will
 * drop, one source at a time: items per crate, empty crates, and the odds of every item
 * (lib/documents/document-odds). No JavaScript needed: sources, rule and sort are links.
 */
import type { Metadata } from "next";
import Link from "@/components/intent-link";
import { notFound } from "next/navigation";
import { visibleDocument } from "../visible-document";
import { CountRuleLinks } from "@/components/loot/count-rule-links";
import { CrateOddsTable } from "@/components/loot/crate-odds-table";
import { focus } from "@/components/dashboard/styles";
import { readDb } from "@/lib/db/replicas";
import { documentLoot } from "@/lib/documents/document-loot";
import { documentOddsView, parseSourceIndex } from "@/lib/documents/document-odds";
import { shownTitle } from "@/lib/documents/text-limits";
import { parseCrateQuery, type OddsSort } from "@/lib/loot/crate-pages";
import type { CountRule } from "@/lib/loot/odds/count-rule";
import { percent } from "@/lib/loot/shares";

export const dynamic = "force-dynamic";

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const link = `text-amber-400 underline hover:text-amber-300 ${focus}`;

const documentFor = (id: string) => visibleDocument(id, false, false);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const doc = await documentFor((await params).id);
  return { title: doc ? `What it drops: ${shownTitle(doc.name)}` : "Document not found" };
}

export default async function DocumentOddsPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const doc = await documentFor((await params).id);
  if (!doc) notFound();
  const query = await searchParams;
  const { loot } = await documentLoot(readDb(), doc.document_id);
  const documentHref = `/documents/${doc.document_id}`;
  if (!loot)
    return (
      <article className="space-y-4" aria-labelledby="odds-title">
        <h1 id="odds-title" className="text-2xl font-bold break-words">
          {`What it drops: ${shownTitle(doc.name)}`}
        </h1>
        <p className="text-slate-300">
          This document holds no loot, so there are no odds to show.{" "}
          <Link href={documentHref} className={link}>
            Back to the document
          </Link>
        </p>
      </article>
    );
  const { rule, sort } = parseCrateQuery(query);
  const source = parseSourceIndex(query.source, loot.doc.sources.length);
  const view = documentOddsView(loot.doc, loot.resolve, { source, rule, sort });
  const href = (next: { source?: number; rule?: CountRule; sort?: OddsSort }) => {
    const q = new URLSearchParams();
    const s = next.source ?? source;
    const r = next.rule ?? rule;
    const o = next.sort ?? sort;
    if (s !== 0) q.set("source", String(s));
    if (r !== "rounded") q.set("rule", r);
    if (o !== "likely") q.set("sort", o);
    return `${documentHref}/odds${q.size > 0 ? `?${q}` : ""}`;
  };
  const shown = view.shown;
  return (
    <article className="space-y-6 [overflow-wrap:anywhere]" aria-labelledby="odds-title">
      <header className="space-y-1">
        <p className="text-sm text-slate-400">
          <Link href={documentHref} className={link}>
            {shownTitle(doc.name)}
          </Link>
          {" · odds per crate"}
        </p>
        <h1 id="odds-title" className="text-2xl font-bold break-words sm:text-3xl">
          {shown ? `What ${shown.label} drops` : "What it drops"}
        </h1>
      </header>
      {view.sources.length === 0 && <p className="text-slate-300">This loot document has no loot sources yet.</p>}
      {view.sources.length > 1 && (
        <nav aria-label="Loot sources">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {view.sources.map((s) => (
              <li key={s.index}>
                {s.index === shown?.index ? (
                  <span aria-current="page" className="inline-block py-2 font-semibold text-amber-200">
                    {s.label}
                  </span>
                ) : (
                  <Link href={href({ source: s.index })} className={`inline-block py-2 ${link}`}>
                    {s.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      )}
      {shown && "tooLarge" in shown && (
        <p className="rounded-lg border border-rose-800 bg-rose-950/40 p-4 text-rose-100" data-testid="odds-too-large">
          {`One crate of this source can roll up to ${shown.tooLarge.itemRolls.toLocaleString("en-US")} items, more than the odds are computed for. `}
          That is a crash risk in itself: see the warnings on the document&apos;s page.
        </p>
      )}
      {shown && "odds" in shown && (
        <>
          <section aria-labelledby="odds-summary-title" className="space-y-2">
            <h2 id="odds-summary-title" className="text-xl font-semibold">
              Per crate
            </h2>
            <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
              <dt className="text-slate-400">Crate</dt>
              <dd>
                <code className="break-all">{shown.crateClass || "(no crate class)"}</code>
              </dd>
              <dt className="text-slate-400">Items, on average</dt>
              <dd data-testid="odds-expected">
                {shown.odds.expectedItems.value.toFixed(2)}
                {shown.odds.expectedItems.low !== undefined &&
                  ` (simulated: ${shown.odds.expectedItems.low.toFixed(2)} to ${shown.odds.expectedItems.high!.toFixed(2)})`}
              </dd>
              <dt className="text-slate-400">Empty crates</dt>
              <dd>{percent(shown.odds.itemCount.pmf[0] ?? 0)}</dd>
              <dt className="text-slate-400">Difficulty</dt>
              <dd>{loot.doc.difficulty}</dd>
            </dl>
            <CountRuleLinks rule={rule} href={(r) => href({ rule: r })} linkClass={link} />
            <p className="text-sm text-slate-400" data-testid="odds-exactness">
              {shown.odds.exact
                ? "Every figure is exact, computed from the source's weights and counts."
                : "This source is too large to compute exactly on a page: its figures come from a seeded simulation, each with its 95 % interval."}{" "}
              The figures are for the Game.ini line this document writes, at its difficulty.
            </p>
          </section>
          <section aria-labelledby="odds-table-title" className="space-y-2">
            <h2 id="odds-table-title" className="text-xl font-semibold">
              {`Odds of its ${shown.rows.length} ${shown.rows.length === 1 ? "item" : "items"}`}
            </h2>
            <CrateOddsTable view={{ sort, rows: shown.rows }} sortHref={(s) => href({ sort: s })} />
          </section>
        </>
      )}
    </article>
  );
}
