/** /dashboard/mods/<id>: a confirmed mod's engrams, upload, download and pull settings. */
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { saveEngramAction } from "@/app/dashboard/engram-actions";
import { removeModAction } from "@/app/dashboard/mod-actions";
import { ActionForm } from "@/components/dashboard/action-form";
import { EngramTable, engramFields } from "@/components/dashboard/engram-table";
import { EngramUpload } from "@/components/dashboard/engram-upload";
import { PullSettings } from "@/components/dashboard/pull-settings";
import { card, focus, secondaryButton } from "@/components/dashboard/styles";
import { ApiError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { findOwnMod } from "@/lib/dashboard/own-mod";
import { requireUser } from "@/lib/dashboard/session";
import { listEngrams } from "@/lib/engrams/find-engrams";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Mod" };

async function ownConfirmedMod(userId: string, modId: string) {
  try {
    return await findOwnMod(db(), { userId, workshopId: modId, confirmed: true });
  } catch (err) {
    if (err instanceof ApiError) notFound();
    throw err;
  }
}

export default async function ModPage({ params }: { params: Promise<{ modId: string }> }) {
  const userId = await requireUser();
  const mod = await ownConfirmedMod(userId, (await params).modId);
  const [engrams, pull] = await Promise.all([listEngrams(db(), { mods: [mod.workshopId] }), db().modPull.findUnique({ where: { modId: mod.workshopId } })]);
  return (
    <section className="space-y-6" aria-labelledby="mod-title">
      <header className="space-y-2">
        <h1 id="mod-title" className="text-2xl font-bold sm:text-3xl">{mod.name}</h1>
        <p className="text-sm text-slate-400">
          Workshop id <span className="font-mono">{mod.workshopId}</span> · {engrams.length} engrams ·{" "}
          <Link href={`/spawn/?mod_id=${mod.workshopId}`} className={`text-amber-300 underline ${focus}`}>spawn codes page</Link>
        </p>
      </header>

      <div className={card}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Engrams</h2>
          <a href={`/dashboard/mods/${mod.workshopId}/engrams.csv`} className={secondaryButton} download>Download CSV</a>
        </div>
        <EngramTable modId={mod.workshopId} engrams={engrams} />
      </div>

      <div className={card}>
        <h2 className="text-lg font-semibold">Add an engram</h2>
        <ActionForm id="add-engram" action={saveEngramAction} hidden={{ mod_id: mod.workshopId }} fields={engramFields()} submitLabel="Add engram" />
      </div>

      <EngramUpload modId={mod.workshopId} />
      <PullSettings modId={mod.workshopId} pullUrl={mod.pullUrl} pull={pull} />

      <div className={card}>
        <h2 className="text-lg font-semibold">Remove this mod</h2>
        <p className="text-sm text-slate-400">Removes the registration and every engram of the mod.</p>
        <ActionForm id="remove-mod" action={removeModAction} hidden={{ mod_id: mod.workshopId }} submitLabel="Remove mod and its engrams" variant="danger" />
      </div>
    </section>
  );
}
