/**
 * /spawn/ and /spawn/?mod_id=<id>[,<id>]: the mods' spawncodes_url (CONTRACT §5).
 * The header (and a 404 for unregistered mods) is decided from one small query and
 * painted at once; the first rows stream in behind a Suspense boundary while the
 * browser fetches all rows as JSON (preloaded from the head), then filters them
 * without further requests.
 */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache, Suspense } from "react";
import { preload } from "react-dom";
import { SpawnRowsSection, SpawnRowsSkeleton } from "@/components/spawn/spawn-rows-section";
import { db } from "@/lib/db/client";
import { formatUtc } from "@/lib/portal/format";
import { findSpawnMods, parseModIdParam, spawnRowsUrl } from "@/lib/portal/spawn-catalogue";
import { parseSpawnView } from "@/lib/portal/spawn-view";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Metadata and page share one query per request. */
const modsFor = cache(async (modIdParam: string | undefined) => {
  const param = parseModIdParam(modIdParam);
  if (param && param.invalid.length > 0) return { ids: [], result: { found: false as const, missing: param.invalid } };
  return { ids: param?.ids ?? [], result: await findSpawnMods(db(), param?.ids ?? null) };
});

function titleOf(modIds: string[], names: string[]): string {
  return modIds.length === 0 ? "All spawn codes" : `Spawn codes for ${names.join(", ")}`;
}

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const { ids, result } = await modsFor(first((await searchParams).mod_id));
  if (!result.found) return { title: "Mod not registered" };
  return { title: titleOf(ids, result.mods.map((m) => m.name)) };
}

export default async function SpawnPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const { ids, result } = await modsFor(first(query.mod_id));
  if (!result.found) notFound();
  const now = new Date();
  const dataUrl = spawnRowsUrl(ids);
  preload(dataUrl, { as: "fetch", crossOrigin: "anonymous" });
  return (
    <section className="space-y-4" aria-labelledby="spawn-title">
      <header className="space-y-1">
        <h1 id="spawn-title" className="text-2xl font-bold sm:text-3xl">
          {titleOf(ids, result.mods.map((m) => m.name))}
        </h1>
        <p className="text-sm text-slate-300">
          Up to date as of <time dateTime={now.toISOString()}>{formatUtc(now)}</time>
        </p>
      </header>
      <Suspense fallback={<SpawnRowsSkeleton />}>
        <SpawnRowsSection mods={result.mods} modIds={ids} initialView={parseSpawnView(query)} dataUrl={dataUrl} />
      </Suspense>
    </section>
  );
}
