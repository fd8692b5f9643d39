/** /dashboard/mods/<id>: a confirmed mod's engrams and creatures (list, add, edit, delete, upload, download) and pull settings. */
import type { Metadata } from "next";
import Link from "@/components/intent-link";
import { notFound } from "next/navigation";
import { removeModAction } from "@/app/dashboard/mod-actions";
import { ActionForm } from "@/components/dashboard/action-form";
import { catalogueActions, catalogueFields, CatalogueTable } from "@/components/dashboard/catalogue-table";
import { CatalogueUpload } from "@/components/dashboard/catalogue-upload";
import { PullSettings } from "@/components/dashboard/pull-settings";
import { card, focus, secondaryButton } from "@/components/dashboard/styles";
import { answerApiError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { findOwnMod } from "@/lib/dashboard/own-mod";
import { requireUser } from "@/lib/dashboard/session";
import { parseGame, V1_GAME } from "@/lib/catalogue/game";
import { listItems, modItemMaps, type ItemJson } from "@/lib/engrams/find-engrams";
import { itemKinds, type ItemKind } from "@/lib/engrams/item-kind";
import { countOf } from "@/lib/portal/format";
import { removeModQuestion } from "@/lib/dashboard/confirm-questions";
import { feedPaths } from "@/lib/feeds/feeds";
import { FeedLink } from "@/components/feed-link";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Mod" };

function ownConfirmedMod(userId: string, modId: string) {
  return answerApiError(
    () => findOwnMod(db(), { userId, workshopId: modId, confirmed: true }),
    () => notFound(),
  );
}

const TITLES: Record<ItemKind, string> = { engrams: "Engrams", creatures: "Creatures" };

/** One kind's list with its downloads, its add form and its upload. */
function CatalogueSection({
  kind,
  modId,
  items,
  maps,
  asa,
}: {
  kind: ItemKind;
  modId: string;
  items: ItemJson[];
  maps: Map<string, string[]>;
  asa: boolean;
}) {
  const { noun } = itemKinds[kind];
  const download = (format: string) => (
    <a href={`/dashboard/mods/${modId}/${kind}.${format}`} className={secondaryButton} download>
      Download {format.toUpperCase()}
      <span className="sr-only"> of the {noun}s</span>
    </a>
  );
  return (
    <>
      <section className={card} aria-labelledby={`${kind}-title`} data-testid={`${kind}-section`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={`${kind}-title`} className="text-lg font-semibold">
            {TITLES[kind]}
          </h2>
          <div className="flex flex-wrap gap-2">
            {download("csv")}
            {download("json")}
          </div>
        </div>
        {kind === "creatures" && (
          <p className="text-sm text-slate-400">
            Players find them on the spawn page&apos;s Creatures tab, with wild (spawndino) and tamed{" "}
            {asa ? "(spawndino, then ForceTame; ARK: Survival Ascended has no GMSummon)" : "(GMSummon)"} commands.
          </p>
        )}
        <CatalogueTable kind={kind} modId={modId} items={items} maps={maps} asa={asa} />
      </section>

      <div className={card}>
        <h2 className="text-lg font-semibold">Add {noun === "engram" ? "an engram" : "a creature"}</h2>
        <ActionForm
          id={`add-${noun}`}
          action={catalogueActions[kind].save}
          hidden={{ mod_id: modId }}
          fields={catalogueFields(kind, { asa })}
          submitLabel={`Add ${noun}`}
        />
      </div>

      <CatalogueUpload modId={modId} kind={kind} />
    </>
  );
}

export default async function ModPage({ params }: { params: Promise<{ modId: string }> }) {
  const userId = await requireUser();
  const mod = await ownConfirmedMod(userId, (await params).modId);
  const game = parseGame(mod.game) ?? V1_GAME;
  const [engrams, creatures, engramMaps, creatureMaps, pull] = await Promise.all([
    listItems(db(), "engrams", { mods: [mod.workshopId], game }),
    listItems(db(), "creatures", { mods: [mod.workshopId], game }),
    modItemMaps(db(), "engrams", mod.workshopId, game),
    modItemMaps(db(), "creatures", mod.workshopId, game),
    db().modPull.findUnique({ where: { modId: mod.workshopId } }),
  ]);
  const asa = mod.game === "asa";
  return (
    <section className="space-y-6" aria-labelledby="mod-title">
      <header className="space-y-2">
        <h1 id="mod-title" className="text-2xl font-bold sm:text-3xl">
          {mod.name}
        </h1>
        <p className="text-sm text-slate-400">
          {asa ? "ARK: Survival Ascended · CurseForge project" : "Workshop id"}{" "}
          <span className="font-mono">{mod.workshopId}</span> · {countOf(engrams.length, "engram", "engrams")} ·{" "}
          {countOf(creatures.length, "creature", "creatures")} ·{" "}
          <Link
            href={`/spawn/?${asa ? "game=asa&" : ""}mod_id=${mod.workshopId}`}
            className={`text-amber-300 underline ${focus}`}
          >
            spawn codes page
          </Link>
        </p>
        <FeedLink href={feedPaths.mod(mod.workshopId)} what={`catalogue changes of ${mod.name}`} />
      </header>

      <CatalogueSection kind="engrams" modId={mod.workshopId} items={engrams} maps={engramMaps} asa={asa} />
      <CatalogueSection kind="creatures" modId={mod.workshopId} items={creatures} maps={creatureMaps} asa={asa} />
      <PullSettings modId={mod.workshopId} pullUrl={mod.pullUrl} pull={pull} />

      <div className={card}>
        <h2 className="text-lg font-semibold">Remove this mod</h2>
        <p className="text-sm text-slate-400">Removes the registration and every engram and creature of the mod.</p>
        <ActionForm
          id="remove-mod"
          action={removeModAction}
          hidden={{ mod_id: mod.workshopId, game: asa ? "asa" : "ase" }}
          submitLabel="Remove mod and its engrams"
          variant="danger"
          confirm={removeModQuestion({
            name: mod.name,
            confirmed: true,
            engrams: engrams.length,
            creatures: creatures.length,
          })}
        />
      </div>
    </section>
  );
}
