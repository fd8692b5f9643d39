/** /dashboard: the owner's mods, and registering another. */
import type { Metadata } from "next";
import { registerModAction } from "@/app/dashboard/mod-actions";
import { ActionForm } from "@/components/dashboard/action-form";
import { ModCard } from "@/components/dashboard/mod-card";
import { card } from "@/components/dashboard/styles";
import { db } from "@/lib/db/client";
import { requireUser } from "@/lib/dashboard/session";
import { listMods } from "@/lib/mods/find-mods";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "My mods" };

export default async function DashboardPage() {
  const userId = await requireUser();
  const mods = await listMods(db(), { userId });
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
            <ModCard key={m.mod_id} mod={m} />
          ))}
        </ul>
      )}
    </section>
  );
}
