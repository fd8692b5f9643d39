/** /dashboard/account: the identity, and deleting it with everything it owns. */
import type { Metadata } from "next";
import { deleteAccountAction } from "@/app/dashboard/account-actions";
import { ActionForm } from "@/components/dashboard/action-form";
import { card } from "@/components/dashboard/styles";
import { CONFIRM_PHRASE } from "@/lib/dashboard/confirm-phrase";
import { requireUser } from "@/lib/dashboard/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const userId = await requireUser();
  return (
    <section className="space-y-6" aria-labelledby="account-title">
      <h1 id="account-title" className="text-2xl font-bold sm:text-3xl">Account</h1>
      <p className="text-slate-300">
        User id <code className="font-mono">{userId}</code>. Your identity file holds the private key; the server only knows the public key.
      </p>
      <div className={card}>
        <h2 className="text-lg font-semibold">Delete this account</h2>
        <p className="text-sm text-slate-400">Deletes your documents, your mod registrations and the engrams of your confirmed mods. This cannot be undone.</p>
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
