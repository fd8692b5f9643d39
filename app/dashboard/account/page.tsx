/** /dashboard/account: the identity, its display name, and deleting it with everything it owns. */
import type { Metadata } from "next";
import { deleteAccountAction, setDisplayNameAction } from "@/app/dashboard/account-actions";
import { ActionForm } from "@/components/dashboard/action-form";
import { card } from "@/components/dashboard/styles";
import { CONFIRM_PHRASE } from "@/lib/dashboard/confirm-phrase";
import { requireUser } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { authorLabel, DISPLAY_NAME_RULES } from "@/lib/display-names/display-name-rules";
import { displayNameOf } from "@/lib/display-names/find-display-names";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const userId = await requireUser();
  const name = await displayNameOf(db(), userId);
  return (
    <section className="space-y-6" aria-labelledby="account-title">
      <h1 id="account-title" className="text-2xl font-bold sm:text-3xl">
        Account
      </h1>
      <p className="break-words text-slate-300">
        User id <code className="font-mono">{userId}</code>. Your identity file holds your key; this server never had
        it, so keep the file safe.
      </p>
      <div className={card}>
        <h2 className="text-lg font-semibold">Display name</h2>
        <p className="text-sm text-slate-300">
          Shown on your documents instead of &ldquo;{authorLabel(userId, null)}&rdquo;. Only this website shows it: game
          clients and the v1 API keep using your user id. Now:{" "}
          <strong data-testid="display-name">{name ?? "no name set"}</strong>.
        </p>
        <ActionForm
          id="display-name"
          action={setDisplayNameAction}
          fields={[
            {
              name: "display_name",
              label: "Display name",
              defaultValue: name ?? "",
              hint: `${DISPLAY_NAME_RULES} Leave it empty to remove your name.`,
            },
          ]}
          submitLabel="Save name"
        />
      </div>
      <div className={card}>
        <h2 className="text-lg font-semibold">Delete this account</h2>
        <p className="text-sm text-slate-300">
          Deletes your documents, your mod registrations and the engrams of your confirmed mods. This cannot be undone.
        </p>
        <ActionForm
          id="delete-account"
          action={deleteAccountAction}
          fields={[{ name: "confirm", label: `Type "${CONFIRM_PHRASE}" to confirm` }]}
          submitLabel="Delete account"
          variant="danger"
        />
      </div>
    </section>
  );
}
