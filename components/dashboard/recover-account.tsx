"use client";
/**
 * /recover: the account's user id and one recovery code; the browser makes a new key for
 * that account (as creating an identity does) and sends only its public half with the
 * code (POST /v1/recovery.php/<user_id>). Done, every older key is revoked: the new
 * identity file is then saved and used to sign in, as after creating an identity.
 */
import { useEffect, useRef, useState } from "react";
import { errorId, FieldError } from "@/components/dashboard/field-error";
import { signInWith } from "@/components/dashboard/sign-in-panel";
import { card, input, label, primaryButton, secondaryButton } from "@/components/dashboard/styles";
import { downloadText } from "@/components/spawn/copy-text";
import { createIdentity, type BrowserIdentity, type IdentityFileJson } from "@/lib/sign-in/browser-identity";

const UUID = /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
type Errors = Partial<Record<"user_id" | "code" | "form", string>>;
type Recovered = { identity: BrowserIdentity; file: IdentityFileJson; fileName: string; tokensRevoked: number };

export function RecoverAccount() {
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [recovered, setRecovered] = useState<Recovered | null>(null);
  const [saved, setSaved] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (recovered) heading.current?.focus();
  }, [recovered]);

  async function recover(userId: string, code: string): Promise<Errors> {
    const made = await createIdentity(userId);
    const res = await fetch(`/v1/recovery.php/${encodeURIComponent(made.identity.userId)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code, public_key: made.publicKeyPem }),
    });
    if (res.status !== 200) {
      const message = ((await res.json().catch(() => null)) as { message?: string } | null)?.message;
      return { code: message ?? `The server answered ${res.status}; try again.` };
    }
    const reply = (await res.json().catch(() => null)) as { tokens_revoked?: number } | null;
    setRecovered({
      tokensRevoked: reply?.tokens_revoked ?? 0,
      identity: made.identity,
      file: made.file,
      fileName: `beacon-identity-${made.identity.userId}.json`,
    });
    return {};
  }

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const userId = String(form.get("user_id") ?? "").trim();
    const code = String(form.get("code") ?? "").trim();
    if (!UUID.test(userId))
      return setErrors({ user_id: "Enter the account's user id: it looks like xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx." });
    if (code === "") return setErrors({ code: "Enter one of the recovery codes you kept, e.g. abcd-efgh-jkmn." });
    setBusy(true);
    setErrors({});
    recover(userId, code)
      .then(setErrors, (err: Error) => setErrors({ code: err.message }))
      .finally(() => setBusy(false));
  }

  if (recovered)
    return (
      <section aria-labelledby="recovered-title" className={card.replace("border-slate-800", "border-amber-400")}>
        <h2 id="recovered-title" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          Account recovered: save your new identity file
        </h2>
        <p className="text-sm text-slate-300">
          Every older key of <code className="break-all font-mono text-amber-200">{recovered.identity.userId}</code> is
          revoked; this new key is the account&apos;s only key, and the code you used will not work again. Every API
          token of the account is revoked too
          {recovered.tokensRevoked > 0
            ? ` (${recovered.tokensRevoked === 1 ? "one token" : `${recovered.tokensRevoked} tokens`}): make new ones on the Tokens page for the pipelines you trust`
            : ""}
          .
        </p>
        <button
          type="button"
          className={saved ? secondaryButton : primaryButton}
          onClick={() => {
            downloadText(`${JSON.stringify(recovered.file, null, 2)}\n`, recovered.fileName, "application/json");
            setSaved(true);
          }}
        >
          {saved ? "Download it again" : "Download new identity file"}
        </button>
        {saved && (
          <>
            <button
              type="button"
              className={primaryButton}
              disabled={busy}
              aria-describedby={errorId("recovered")}
              onClick={() => {
                setBusy(true);
                void signInWith(recovered.identity, "/dashboard/keys")
                  .then(
                    (message) => setErrors({ form: message }),
                    (err: Error) => setErrors({ form: err.message }),
                  )
                  .finally(() => setBusy(false));
              }}
            >
              Continue to your keys
            </button>
            <FieldError id={errorId("recovered")} message={errors.form} />
          </>
        )}
      </section>
    );

  return (
    <form aria-labelledby="recover-form-title" className={card} onSubmit={onSubmit} noValidate>
      <h2 id="recover-form-title" className="text-lg font-semibold">
        Recover with a code
      </h2>
      <div className="space-y-1">
        <label htmlFor="recover-user-id" className={label}>
          User id
        </label>
        <input
          id="recover-user-id"
          name="user_id"
          className={`${input} font-mono`}
          autoComplete="username"
          aria-invalid={errors.user_id ? true : undefined}
          aria-describedby={errorId("user_id")}
        />
        <FieldError id={errorId("user_id")} message={errors.user_id} />
      </div>
      <div className="space-y-1">
        <label htmlFor="recover-code" className={label}>
          Recovery code
        </label>
        <input
          id="recover-code"
          name="code"
          className={`${input} font-mono`}
          autoComplete="one-time-code"
          aria-invalid={errors.code ? true : undefined}
          aria-describedby={errorId("code")}
        />
        <FieldError id={errorId("code")} message={errors.code} />
      </div>
      <button type="submit" className={primaryButton} disabled={busy}>
        {busy ? "Recovering…" : "Make a new key and recover"}
      </button>
    </form>
  );
}
