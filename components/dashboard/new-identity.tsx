"use client";
/**
 * Creating an identity, where saving it is the main step. Three states:
 * 1. nothing yet: "Create identity" makes the key pair in this browser and registers its
 *    public key (POST /v1/user.php);
 * 2. created, not saved: the one bright button downloads the identity file; the way on
 *    to the dashboard does not exist yet (not even disabled), only the download or an
 *    explicit "I saved my key" tick makes it appear; leaving the page asks first;
 *    beside it, the account's ten recovery codes (issued by a request signed with the new
 *    key), shown once, with their own "I kept these" step;
 * 3. saved and kept: "Continue to the dashboard" signs in with the identity still in memory.
 * Focus moves to the step's heading when the step changes, and a status line says what
 * happened, so keyboard and screen-reader users follow without hunting.
 */
import { registerRefusalWords } from "@/lib/sign-in/register-words";
import { useEffect, useRef, useState } from "react";
import { downloadText } from "@/components/spawn/copy-text";
import { errorId, FieldError } from "@/components/dashboard/field-error";
import { card, primaryButton, secondaryButton } from "@/components/dashboard/styles";
import { RecoveryCodes } from "@/components/dashboard/recovery-codes";
import {
  createIdentity,
  signedFetch,
  type BrowserIdentity,
  type IdentityFileJson,
} from "@/lib/sign-in/browser-identity";

/** codes: null when they could not be issued (the Keys page can make them later) */
type Created = { identity: BrowserIdentity; file: IdentityFileJson; fileName: string; codes: string[] | null };

export function NewIdentity({
  signInWith,
  baseUrl,
  continueLabel = "Continue to the dashboard",
}: {
  signInWith: (identity: BrowserIdentity) => Promise<string>;
  /** the server's BASE_URL, which signatures cover */
  baseUrl: string;
  continueLabel?: string;
}) {
  const [created, setCreated] = useState<Created | null>(null);
  const [saved, setSaved] = useState<"download" | "ticked" | null>(null);
  const [codesKept, setCodesKept] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (created) heading.current?.focus();
  }, [created]);

  // The file is the only way back into the account: leaving before saving it asks first.
  useEffect(() => {
    if (!created || saved) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [created, saved]);

  async function run(work: () => Promise<string>) {
    setBusy(true);
    setError(undefined);
    try {
      const message = await work();
      if (message) setError(message);
    } catch (err) {
      setError((err as Error).message);
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
    // The API's message is for tools; the page says what happened in its reader's words.
    if (res.status !== 200) return registerRefusalWords(res.status, Number(res.headers.get("retry-after")) || null);
    const issued = await signedFetch(made.identity, baseUrl, "POST", "/v1/recovery.php").catch(() => null);
    const codes = issued?.status === 201 ? ((await issued.json()) as { codes: string[] }).codes : null;
    setCreated({
      identity: made.identity,
      file: made.file,
      fileName: `beacon-identity-${made.identity.userId}.json`,
      codes,
    });
    return "";
  }

  function download(c: Created) {
    downloadText(`${JSON.stringify(c.file, null, 2)}\n`, c.fileName, "application/json");
    setSaved("download");
  }

  if (!created) {
    return (
      <section aria-labelledby="create-title" className={card}>
        <h2 id="create-title" className="text-lg font-semibold">
          New here? Create your identity
        </h2>
        <p className="text-sm text-slate-300">
          It takes a few seconds and happens in this browser. Next you save it as a file: keep that file, it is how you
          sign in from now on.
        </p>
        <button
          type="button"
          className={primaryButton}
          disabled={busy}
          aria-describedby={errorId("create")}
          onClick={() => void run(create)}
        >
          {busy ? "Creating…" : "Create identity"}
        </button>
        <FieldError id={errorId("create")} message={error} />
      </section>
    );
  }

  return (
    <section
      aria-labelledby="save-title"
      className={card.replace("border-slate-800", "border-amber-400")}
      data-testid="new-identity"
    >
      <h2 id="save-title" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {saved ? "Identity saved" : "Now save your identity file"}
      </h2>
      <p className="text-sm text-slate-300">
        Your identity{" "}
        <code className="break-all font-mono text-amber-200" data-testid="new-user-id">
          {created.identity.userId}
        </code>{" "}
        is registered. <strong className="text-slate-100">The file is how you sign in again:</strong> this server cannot
        reset it; only a recovery code below replaces a lost one. Keep it where you keep important files (a password
        manager works too).
      </p>
      <button
        type="button"
        className={saved ? secondaryButton : `${primaryButton} w-full py-3 text-base sm:w-auto`}
        onClick={() => download(created)}
      >
        {saved === "download" ? "Download it again" : "Download identity file"}
      </button>
      <label className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
        <input
          type="checkbox"
          className="h-5 w-5 accent-amber-400"
          checked={saved !== null}
          onChange={(e) => setSaved(e.target.checked ? "ticked" : null)}
        />
        I saved my key (the identity file) somewhere safe
      </label>
      {created.codes ? (
        <RecoveryCodes userId={created.identity.userId} codes={created.codes} onKept={setCodesKept} />
      ) : (
        <p className="text-sm text-rose-300">
          The recovery codes could not be made now: make them on the dashboard&apos;s Keys page.
        </p>
      )}
      <p role="status" className="text-sm text-emerald-300">
        {saved === "download"
          ? `Downloaded as ${created.fileName}. Check it is in your downloads, then continue.`
          : saved === "ticked"
            ? "Noted. You can continue."
            : ""}
      </p>
      {saved && (codesKept || !created.codes) ? (
        <>
          <button
            type="button"
            className={primaryButton}
            disabled={busy}
            aria-describedby={errorId("create")}
            onClick={() => void run(() => signInWith(created.identity))}
          >
            {continueLabel}
          </button>
          <FieldError id={errorId("create")} message={error} />
        </>
      ) : (
        <p className="text-sm text-slate-400">
          The dashboard opens once the file is saved and the recovery codes are kept.
        </p>
      )}
    </section>
  );
}
