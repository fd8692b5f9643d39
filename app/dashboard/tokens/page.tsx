/**
 * /dashboard/tokens: API tokens for automation (lib/keys/tokens.ts): made with a name,
 * scopes (engrams:write only for the chosen mods) and an expiry of at most a year, shown
 * once; listed with last use and expiry, revocable.
 */
import { revokeTokenQuestion } from "@/lib/dashboard/confirm-questions";
import type { Metadata } from "next";
import { createTokenAction, revokeTokenAction } from "@/app/dashboard/key-actions";
import { ActionForm } from "@/components/dashboard/action-form";
import { card } from "@/components/dashboard/styles";
import { SignInAgain } from "@/components/dashboard/sign-in-again";
import { requireUser, staleSessionSignature } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { expiresSoon, listTokens, MAX_TOKEN_DAYS, TOKEN_SCOPES } from "@/lib/keys/tokens";
import { listMods } from "@/lib/mods/find-mods";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API tokens" };

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "never");

export default async function TokensPage() {
  const userId = await requireUser();
  const [tokens, mods, stale] = await Promise.all([
    listTokens(db(), userId),
    listMods(db(), { userId }),
    staleSessionSignature(),
  ]);
  const now = new Date();
  return (
    <section className="space-y-6" aria-labelledby="tokens-title">
      <h1 id="tokens-title" className="text-2xl font-bold sm:text-3xl">
        API tokens
      </h1>
      <p className="text-slate-300">
        A token lets a release pipeline push a mod&apos;s engrams (or publish documents) without your key. Send it as{" "}
        <code className="font-mono">Authorization: Bearer bh_…</code>; keep it in your CI&apos;s secrets. It cannot
        manage keys or tokens.
      </p>
      {stale && <SignInAgain message={stale} next="/dashboard/tokens" />}
      {tokens.length === 0 ? (
        <p className="text-slate-300">You have no tokens yet.</p>
      ) : (
        <ul className="space-y-3" aria-label="My tokens">
          {tokens.map((t) => {
            const expired = Date.parse(t.expires_at) <= now.getTime();
            return (
              <li key={t.token_id} className={card} data-testid="token-row">
                <p className="font-semibold">
                  {t.name} <code className="font-mono text-xs text-slate-400">{t.hint}…</code>
                </p>
                <p className="text-sm text-slate-300">
                  {t.scopes.join(", ")}
                  {t.mod_ids.length > 0 && ` · mods ${t.mod_ids.join(", ")}`}
                </p>
                <p className="text-sm text-slate-300">
                  Made {day(t.created_at)} · last used {day(t.last_used_at)} ·{" "}
                  <span className={expired || expiresSoon(t, now) ? "text-rose-300" : undefined}>
                    {expired ? "expired" : "expires"} {day(t.expires_at)}
                  </span>
                  {t.revoked_at && <span className="text-rose-300"> · revoked {day(t.revoked_at)}</span>}
                </p>
                {t.revoked_at === null && !expired && (
                  <ActionForm
                    id={`revoke-token-${t.token_id}`}
                    action={revokeTokenAction}
                    hidden={{ token_id: t.token_id }}
                    submitLabel="Revoke"
                    submitAriaLabel={`Revoke token ${t.name}`}
                    confirm={revokeTokenQuestion({ name: t.name, scopes: t.scopes, lastUsed: t.last_used_at })}
                    variant="danger"
                    inline
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className={card}>
        <h2 className="text-lg font-semibold">New token</h2>
        <ActionForm
          id="new-token"
          action={createTokenAction}
          fields={[
            { name: "name", label: "Name", hint: "e.g. the pipeline that uses it." },
            { name: "scopes", label: "Scopes", type: "checkboxes", options: [...TOKEN_SCOPES] },
            {
              name: "mod_ids",
              label: "Mods engrams:write may push",
              type: "checkboxes",
              options: mods.map((m) => m.mod_id),
              hint: mods.length === 0 ? "You have no mods registered yet." : "Only these mods; their workshop ids.",
            },
            {
              name: "expires_in_days",
              label: "Expires in (days)",
              type: "radio",
              options: ["7", "30", "90", String(MAX_TOKEN_DAYS)],
              defaultValue: "90",
            },
          ]}
          submitLabel="Make token"
        />
      </div>
    </section>
  );
}
