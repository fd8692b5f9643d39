/**
 * /spawn/ and /spawn/?mod_id=<id>[,<id>]: the mods' spawncodes_url (CONTRACT §5).
 * Server-rendered with every row of the view; the browser filters without requests.
 */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { SpawnBrowser } from "@/components/spawn/spawn-browser";
import { db } from "@/lib/db/client";
import { formatUtc } from "@/lib/portal/format";
import { loadSpawnCatalogue, parseModIdParam } from "@/lib/portal/spawn-catalogue";
import { parseSpawnView } from "@/lib/portal/spawn-view";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Metadata and page share one query per request. */
const catalogueFor = cache(async (modIdParam: string | undefined) => {
  const param = parseModIdParam(modIdParam);
  if (param && param.invalid.length > 0) return { found: false as const, missing: param.invalid };
  return loadSpawnCatalogue(db(), { modIds: param?.ids ?? null });
});

function titleOf(modIds: string[], names: string[]): string {
  return modIds.length === 0 ? "All spawn codes" : `Spawn codes for ${names.join(", ")}`;
}

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const modIdParam = first((await searchParams).mod_id);
  const catalogue = await catalogueFor(modIdParam);
  if (!catalogue.found) return { title: "Mod not registered" };
  const ids = parseModIdParam(modIdParam)?.ids ?? [];
  return { title: titleOf(ids, catalogue.mods.map((m) => m.name)) };
}

export default async function SpawnPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const modIdParam = first(query.mod_id);
  const catalogue = await catalogueFor(modIdParam);
  if (!catalogue.found) notFound();
  const modIds = parseModIdParam(modIdParam)?.ids ?? [];
  const now = new Date();
  return (
    <section className="space-y-4" aria-labelledby="spawn-title">
      <header className="space-y-1">
        <h1 id="spawn-title" className="text-2xl font-bold sm:text-3xl">
          {titleOf(modIds, catalogue.mods.map((m) => m.name))}
        </h1>
        <p className="text-sm text-slate-300">
          Up to date as of <time dateTime={now.toISOString()}>{formatUtc(now)}</time>
          {catalogue.lastChanged && (
            <>
              {" "}
              · engrams last changed <time dateTime={catalogue.lastChanged.toISOString()}>{formatUtc(catalogue.lastChanged)}</time>
            </>
          )}
        </p>
      </header>
      <SpawnBrowser rows={catalogue.rows} mods={catalogue.mods} hasBaseGame={catalogue.hasBaseGame} modIds={modIds} initialView={parseSpawnView(query)} />
    </section>
  );
}
