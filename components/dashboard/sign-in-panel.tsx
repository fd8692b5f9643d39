"use client";
/**
 * /sign-in: create an identity in the browser, or sign in with an identity file or a
 * pasted private key. Either way the browser signs a one-time challenge; the private key
 * never leaves the page.
 */
import { useState } from "react";
import { completeSignIn, requestChallenge } from "@/app/sign-in/actions";
import { downloadText } from "@/components/spawn/copy-text";
import { errorId, FieldError } from "@/components/dashboard/field-error";
import { card, input, label, primaryButton, secondaryButton } from "@/components/dashboard/styles";
import { createIdentity, importPrivateKey, readIdentityFile, signHex, type BrowserIdentity, type IdentityFileJson } from "@/lib/sign-in/browser-identity";

type Errors = Partial<Record<"create" | "identity_file" | "user_id" | "private_key", string>>;

async function signInWith(identity: BrowserIdentity, next: string | undefined): Promise<string> {
  const challenge = await requestChallenge(identity.userId);
  if (!challenge.ok) return challenge.message;
  const signature = await signHex(identity, challenge.content);
  // Resolves only on failure: success is a redirect to `next` or /dashboard.
  return (await completeSignIn({ userId: identity.userId, challenge: challenge.challenge, signature, next })).message;
}

/** `next`: where to go once signed in (checked again on the server), else the dashboard. */
export function SignInPanel({ next }: { next?: string }) {
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ identity: BrowserIdentity; file: IdentityFileJson } | null>(null);

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

  async function create(): Promise<string> {
    const made = await createIdentity();
    const res = await fetch("/v1/user.php", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user_id: made.identity.userId, public_key: made.publicKeyPem }),
    });
    if (res.status !== 200) return ((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? `The server answered ${res.status}.`;
    setCreated({ identity: made.identity, file: made.file });
    return "";
  }

  function onFile(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const file = new FormData(e.currentTarget).get("identity_file");
    void run("identity_file", async () => {
      if (!(file instanceof File) || file.size === 0) return "Choose your identity file (JSON).";
      return signInWith(await readIdentityFile(await file.text()), next);
    });
  }

  function onKey(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const userId = String(form.get("user_id") ?? "");
    const pem = String(form.get("private_key") ?? "");
    if (!/^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(userId.trim())) return setErrors({ user_id: "Enter your user id (a UUID)." });
    void run("private_key", async () => signInWith(await importPrivateKey(userId, pem), next));
  }

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="create-title" className={card}>
        <h2 id="create-title" className="text-lg font-semibold">New identity</h2>
        {!created ? (
          <>
            <p className="text-sm text-slate-300">
              Makes an RSA-2048 key pair in this browser and registers its public key. The private key stays here: you download it as an identity file, which the
              beacon-hub CLI reads too.
            </p>
            <button type="button" className={primaryButton} disabled={busy} aria-describedby={errorId("create")} onClick={() => void run("create", create)}>
              Create identity
            </button>
            <FieldError id={errorId("create")} message={errors.create} />
          </>
        ) : (
          <>
            <p className="text-sm text-slate-300">
              Identity <code className="font-mono text-amber-200">{created.identity.userId}</code> is registered. Download the identity file now and keep it safe: it is the
              only way to sign in again.
            </p>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={secondaryButton}
                onClick={() => downloadText(`${JSON.stringify(created.file, null, 2)}\n`, `beacon-identity-${created.identity.userId}.json`, "application/json")}
              >
                Download identity file
              </button>
              <button type="button" className={primaryButton} disabled={busy} aria-describedby={errorId("create")} onClick={() => void run("create", () => signInWith(created.identity, next))}>
                {next ? "Continue" : "Continue to the dashboard"}
              </button>
            </div>
            <FieldError id={errorId("create")} message={errors.create} />
          </>
        )}
      </section>

      <div className="space-y-6">
        <form aria-labelledby="file-title" className={card} onSubmit={onFile}>
          <h2 id="file-title" className="text-lg font-semibold">Sign in with an identity file</h2>
          <label htmlFor="identity_file" className={label}>Identity file (JSON)</label>
          <input id="identity_file" name="identity_file" type="file" accept=".json,application/json" className={input} aria-describedby={errorId("identity_file")} />
          <FieldError id={errorId("identity_file")} message={errors.identity_file} />
          <button type="submit" className={primaryButton} disabled={busy}>Sign in</button>
        </form>

        <form aria-labelledby="key-title" className={card} onSubmit={onKey}>
          <h2 id="key-title" className="text-lg font-semibold">Sign in with a private key</h2>
          <label htmlFor="user_id" className={label}>User id</label>
          <input id="user_id" name="user_id" autoComplete="username" className={`${input} font-mono`} aria-describedby={errorId("user_id")} />
          <FieldError id={errorId("user_id")} message={errors.user_id} />
          <label htmlFor="private_key" className={label}>Private key (PKCS#8 PEM)</label>
          <textarea id="private_key" name="private_key" rows={5} spellCheck={false} className={`${input} font-mono text-xs`} aria-describedby={errorId("private_key")} placeholder="-----BEGIN PRIVATE KEY-----" />
          <FieldError id={errorId("private_key")} message={errors.private_key} />
          <button type="submit" className={primaryButton} disabled={busy}>Sign in</button>
        </form>
      </div>
    </div>
  );
}
