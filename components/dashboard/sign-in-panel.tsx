"use client";
/**
 * /sign-in: create an identity (components/dashboard/new-identity.tsx), or sign in with
 * the identity file or a pasted key. Either way the browser signs a one-time challenge;
 * the key never leaves the page. Every way a chosen file can be wrong gets a sentence
 * (lib/sign-in/identity-file-text.ts), next to the field.
 */
import { useState } from "react";
import { completeSignIn, requestChallenge } from "@/app/sign-in/actions";
import { errorId, FieldError } from "@/components/dashboard/field-error";
import { NewIdentity } from "@/components/dashboard/new-identity";
import { card, input, label, primaryButton } from "@/components/dashboard/styles";
import { importPrivateKey, readIdentityFile, signHex, type BrowserIdentity } from "@/lib/sign-in/browser-identity";
import { checkIdentityFileSize } from "@/lib/sign-in/identity-file-text";

type Errors = Partial<Record<"identity_file" | "user_id" | "private_key", string>>;

export async function signInWith(identity: BrowserIdentity, next: string | undefined): Promise<string> {
  const challenge = await requestChallenge(identity.userId);
  if (!challenge.ok) return challenge.message;
  const signature = await signHex(identity, challenge.content);
  // Resolves only on failure: success is a redirect to `next` or /dashboard.
  return (await completeSignIn({ userId: identity.userId, challenge: challenge.challenge, signature, next })).message;
}

/** `next`: where to go once signed in (checked again on the server), else the dashboard. */
export function SignInPanel({ next, baseUrl }: { next?: string; baseUrl: string }) {
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function run(field: keyof Errors, work: () => Promise<string>) {
    setBusy(true);
    setErrors({});
    try {
      const message = await work();
      if (message) setErrors({ [field]: message });
    } catch (err) {
      setErrors({ [field]: (err as Error).message });
    } finally {
      setBusy(false);
    }
  }

  function onFile(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const chosen = new FormData(e.currentTarget).get("identity_file");
    const file = chosen instanceof File ? chosen : null;
    void run("identity_file", async () => {
      const problem = checkIdentityFileSize(file);
      if (problem || !file) return problem ?? "";
      return signInWith(await readIdentityFile(await file.text(), file.name), next);
    });
  }

  function onKey(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const userId = String(form.get("user_id") ?? "");
    const pem = String(form.get("private_key") ?? "");
    if (!/^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(userId.trim()))
      return setErrors({ user_id: "Enter your user id: it looks like xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx." });
    if (pem.trim() === "")
      return setErrors({
        private_key: "Paste your private key: the text from -----BEGIN PRIVATE KEY----- to -----END PRIVATE KEY-----.",
      });
    void run("private_key", async () => signInWith(await importPrivateKey(userId, pem), next));
  }

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <NewIdentity
        signInWith={(identity) => signInWith(identity, next)}
        baseUrl={baseUrl}
        continueLabel={next ? "Continue" : "Continue to the dashboard"}
      />

      <div className="space-y-6">
        <form aria-labelledby="file-title" className={card} onSubmit={onFile} noValidate>
          <h2 id="file-title" className="text-lg font-semibold">
            Sign in with your identity file
          </h2>
          <label htmlFor="identity_file" className={label}>
            Identity file (beacon-identity-….json)
          </label>
          <input
            id="identity_file"
            name="identity_file"
            type="file"
            accept=".json,application/json"
            className={input}
            aria-describedby={errorId("identity_file")}
            aria-invalid={errors.identity_file ? true : undefined}
            onChange={() => setErrors({})}
          />
          <FieldError id={errorId("identity_file")} message={errors.identity_file} />
          <button type="submit" className={primaryButton} disabled={busy}>
            Sign in
          </button>
        </form>

        <form aria-labelledby="key-title" className={card} onSubmit={onKey} noValidate>
          <h2 id="key-title" className="text-lg font-semibold">
            Or paste your key
          </h2>
          <p className="text-sm text-slate-400">
            Both are in your identity file (open it in a text editor): <code className="font-mono">user_id</code> and{" "}
            <code className="font-mono">private_key</code>.
          </p>
          <label htmlFor="user_id" className={label}>
            User id
          </label>
          <input
            id="user_id"
            name="user_id"
            autoComplete="username"
            className={`${input} font-mono`}
            aria-describedby={errorId("user_id")}
            aria-invalid={errors.user_id ? true : undefined}
          />
          <FieldError id={errorId("user_id")} message={errors.user_id} />
          <label htmlFor="private_key" className={label}>
            Private key
          </label>
          <textarea
            id="private_key"
            name="private_key"
            rows={5}
            spellCheck={false}
            autoComplete="off"
            className={`${input} font-mono sm:text-xs`}
            aria-describedby={errorId("private_key")}
            aria-invalid={errors.private_key ? true : undefined}
            placeholder="-----BEGIN PRIVATE KEY-----"
          />
          <FieldError id={errorId("private_key")} message={errors.private_key} />
          <button type="submit" className={primaryButton} disabled={busy}>
            Sign in
          </button>
        </form>
      </div>
    </div>
  );
}
