/**
 * /dashboard/keys: the account's keys (name, added, last used: a signed request or a
 * sign-in, primary), a new key made in this browser (named first, its file saved before
 * it is added) or pasted, rotation, revocation (never of the last active key), and
 * new recovery codes. Everything goes through app/dashboard/key-actions.ts.
 */
import type { Metadata } from "next";
import { addKeyAction, recoveryCodesAction, revokeKeyAction } from "@/app/dashboard/key-actions";
import { ActionForm } from "@/components/dashboard/action-form";
import { NewKeyButton } from "@/components/dashboard/new-key-button";
import { card } from "@/components/dashboard/styles";
import { SignInAgain } from "@/components/dashboard/sign-in-again";
import { requireUser, staleSessionSignature } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { listKeys } from "@/lib/keys/keys";
import { recoveryCodesLeft } from "@/lib/keys/recovery";
import { revokeKeyQuestion } from "@/lib/dashboard/confirm-questions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Keys" };

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "never");

export default async function KeysPage() {
  const userId = await requireUser();
  const [keys, codesLeft, stale] = await Promise.all([
    listKeys(db(), userId),
    recoveryCodesLeft(db(), userId),
    staleSessionSignature(),
  ]);
  const active = keys.filter((k) => k.revoked_at === null);
  return (
    <section className="space-y-6" aria-labelledby="keys-title">
      <h1 id="keys-title" className="text-2xl font-bold sm:text-3xl">
        Keys
      </h1>
      <p className="text-slate-300">
        Any active key signs in and signs requests for this account. Add a key before you need it (a second device, a
        backup), rotate one you think leaked, revoke one you lost: the last active key cannot be revoked. Revoking or
        rotating a key also revokes the API tokens made with it.
      </p>
      {stale && <SignInAgain message={stale} next="/dashboard/keys" />}
      <ul className="space-y-3" aria-label="My keys">
        {keys.map((k) => (
          <li key={k.key_id} className={card} data-testid="key-row">
            <p className="font-semibold">
              {k.name}
              {k.primary && <span className="ml-2 rounded bg-amber-400 px-1.5 text-xs text-slate-950">primary</span>}
              {k.revoked_at && (
                <span className="ml-2 rounded bg-rose-800 px-1.5 text-xs text-white">revoked {day(k.revoked_at)}</span>
              )}
            </p>
            <p className="text-sm text-slate-300">
              Added {day(k.created_at)} · last used {day(k.last_used_at)}
            </p>
            {k.revoked_at === null && (
              <div className="flex flex-wrap gap-2">
                {!stale && (
                  <NewKeyButton
                    userId={userId}
                    replaces={{ keyId: k.key_id, name: k.name }}
                    label="Rotate"
                    ariaLabel={`Rotate key ${k.name}`}
                    takenNames={active.filter((o) => o.key_id !== k.key_id).map((o) => o.name)}
                  />
                )}
                {active.length > 1 && (
                  <ActionForm
                    id={`revoke-key-${k.key_id}`}
                    action={revokeKeyAction}
                    hidden={{ key_id: String(k.key_id) }}
                    submitLabel="Revoke"
                    submitAriaLabel={`Revoke key ${k.name}`}
                    variant="danger"
                    confirm={revokeKeyQuestion({ name: k.name, lastUsed: k.last_used_at })}
                    inline
                  />
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      <div className={card}>
        <h2 className="text-lg font-semibold">Add a key</h2>
        {/* Not while a new key would be refused: the browser saves its file before adding it. */}
        {stale ? (
          <p className="text-sm text-slate-300">Sign in again (above) to make a new key in this browser.</p>
        ) : (
          <NewKeyButton userId={userId} label="Make a new key in this browser" takenNames={active.map((k) => k.name)} />
        )}
        <details>
          <summary className="cursor-pointer py-2 text-sm">Paste a public key instead (made with the CLI)</summary>
          <ActionForm
            id="add-key"
            action={addKeyAction}
            fields={[
              {
                name: "public_key",
                label: "Public key",
                type: "textarea",
                mono: true,
                hint: "PEM, or the hex of a DER key.",
              },
              { name: "name", label: "Name", hint: "Yours to tell keys apart, e.g. laptop." },
            ]}
            submitLabel="Add key"
            variant="secondary"
          />
        </details>
      </div>
      <div className={card}>
        <h2 className="text-lg font-semibold">Recovery codes</h2>
        <p className="text-sm text-slate-300">
          {codesLeft} unused of 10. One code and a new key replace every key of the account on the{" "}
          <a href="/recover" className="text-amber-400 underline">
            recovery page
          </a>
          , and revoke every API token of the account. New codes make the unused ones stop working.
        </p>
        <ActionForm
          id="recovery-codes"
          action={recoveryCodesAction}
          submitLabel="Make new recovery codes"
          variant="secondary"
        />
      </div>
    </section>
  );
}
