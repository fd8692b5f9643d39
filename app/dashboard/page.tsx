/** /dashboard: the owner's mods (Workshop mods, then ARK: Survival Ascended's CurseForge mods), and registering another. */
import type { Metadata } from "next";
import { registerAsaModAction, registerModAction } from "@/app/dashboard/mod-actions";
import { ActionForm } from "@/components/dashboard/action-form";
import { ModCard } from "@/components/dashboard/mod-card";
import { card } from "@/components/dashboard/styles";
import { db } from "@/lib/db/client";
import { requireUser } from "@/lib/dashboard/session";
import { curseForge } from "@/lib/curseforge/curseforge-client";
import { listAsaMods } from "@/lib/mods/asa-mods";
import { listMods } from "@/lib/mods/find-mods";
import { modContents } from "@/lib/mods/mod-contents";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "My mods" };

export default async function DashboardPage() {
  const userId = await requireUser();
  const [mods, asaMods] = await Promise.all([listMods(db(), { userId }), listAsaMods(db(), { userId })]);
  // What "Remove" would take with each confirmed mod, named in its question.
  const contents = await modContents(
    db(),
    [...mods, ...asaMods].filter((m) => m.confirmed).map((m) => m.mod_id),
  );
  const canConfirmAsa = curseForge() !== null;
  return (
    <section className="space-y-6" aria-labelledby="mods-title">
      <h1 id="mods-title" className="text-2xl font-bold sm:text-3xl">
        My mods
      </h1>
      <div className={card}>
        <h2 className="text-lg font-semibold">Register a mod</h2>
        <ActionForm
          id="register"
          action={registerModAction}
          fields={[
            {
              name: "mod",
              label: "Workshop id or URL",
              placeholder: "https://steamcommunity.com/sharedfiles/filedetails/?id=…",
              mono: true,
            },
          ]}
          submitLabel="Register"
        />
      </div>
      {mods.length === 0 ? (
        <p className="text-slate-300">You have not registered any mods yet.</p>
      ) : (
        <ul className="space-y-4" aria-label="Registered mods">
          {mods.map((m) => (
            <ModCard key={m.mod_id} mod={m} contents={contents.get(m.mod_id)} />
          ))}
        </ul>
      )}

      <section className="space-y-4" aria-labelledby="asa-mods-title">
        <h2 id="asa-mods-title" className="text-xl font-bold">
          ARK: Survival Ascended mods
        </h2>
        <div className={card} data-testid="asa-register">
          <p className="text-sm text-slate-300">
            ARK: Survival Ascended mods live on CurseForge. Register one by its project id (shown on the project&apos;s
            page), then prove it is yours by putting the confirmation code in its summary or description.
          </p>
          {canConfirmAsa ? (
            <ActionForm
              id="register-asa"
              action={registerAsaModAction}
              fields={[{ name: "project", label: "CurseForge project id", placeholder: "928548", mono: true }]}
              submitLabel="Register ASA mod"
            />
          ) : (
            <p role="status" className="text-sm font-medium text-amber-200">
              ARK: Survival Ascended mods cannot be confirmed on this instance: its operator has not set a CurseForge
              API key (CURSEFORGE_API_KEY).
            </p>
          )}
        </div>
        {asaMods.length > 0 && (
          <ul className="space-y-4" aria-label="Registered ASA mods">
            {asaMods.map((m) => (
              <ModCard key={m.mod_id} mod={m} contents={contents.get(m.mod_id)} />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
