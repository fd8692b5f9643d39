"use client";
/**
 * A new key for the signed-in account, made in this browser (as creating an identity
 * does): its public half is added through the server action (replacing `replaces` when
 * rotating), then its identity file is offered for download. The private key never
 * leaves the page.
 */
import { useState } from "react";
import { useRouter } from "next/navigation";
import { addKeyAction } from "@/app/dashboard/key-actions";
import { errorId, FieldError } from "@/components/dashboard/field-error";
import { primaryButton, secondaryButton } from "@/components/dashboard/styles";
import { downloadText } from "@/components/spawn/copy-text";
import { createIdentity, type IdentityFileJson } from "@/lib/sign-in/browser-identity";

export function NewKeyButton({
  userId,
  replaces,
  label,
  ariaLabel,
}: {
  userId: string;
  replaces?: { keyId: number; name: string };
  label: string;
  ariaLabel?: string;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [made, setMade] = useState<{ file: IdentityFileJson; message: string } | null>(null);
  const id = `new-key-${replaces?.keyId ?? "add"}`;

  async function make() {
    setBusy(true);
    setError(undefined);
    try {
      const key = await createIdentity(userId);
      const form = new FormData();
      form.set("public_key", key.publicKeyPem);
      form.set(
        "name",
        replaces ? `${replaces.name} (rotated)`.slice(0, 80) : `browser key ${new Date().toISOString().slice(0, 10)}`,
      );
      if (replaces) form.set("replaces", String(replaces.keyId));
      const state = await addKeyAction({}, form);
      const problem = state.errors && Object.values(state.errors)[0];
      if (problem) setError(problem);
      else setMade({ file: key.file, message: state.ok ?? "Key added." });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-1">
      {made ? (
        <div className="space-y-1" role="status">
          <p className="text-sm text-emerald-300">{made.message} Save its identity file now: it is shown only here.</p>
          <button
            type="button"
            className={primaryButton}
            onClick={() => {
              downloadText(
                `${JSON.stringify(made.file, null, 2)}\n`,
                `beacon-identity-${userId}-new.json`,
                "application/json",
              );
              router.refresh();
            }}
          >
            Download the new identity file
          </button>
        </div>
      ) : (
        <button
          type="button"
          className={replaces ? secondaryButton : primaryButton}
          disabled={busy}
          aria-label={ariaLabel}
          aria-describedby={errorId(id)}
          onClick={() => void make()}
        >
          {busy ? "Making…" : label}
        </button>
      )}
      <FieldError id={errorId(id)} message={error} />
    </div>
  );
}
