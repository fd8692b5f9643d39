"use client";
/**
 * A new key for the signed-in account, made in this browser (as creating an identity
 * does), in the order that never leaves an account with a key nobody holds: the owner
 * names it first (names are unique among the account's active keys), then one button
 * makes the key and saves its identity file, and only then is its public half added
 * through the server action (replacing `replaces` when rotating). Should adding fail, the
 * page says the saved file does not work. The private key never leaves the page.
 */
import { useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { addKeyAction } from "@/app/dashboard/key-actions";
import { errorId, FieldError } from "@/components/dashboard/field-error";
import { input, label as labelClass, primaryButton, secondaryButton } from "@/components/dashboard/styles";
import { downloadText } from "@/components/spawn/copy-text";
import { createIdentity } from "@/lib/sign-in/browser-identity";

const NAME_MAX = 80;

/** The file's name: the account and the key's name, so two saved keys are told apart in a folder. */
function fileName(userId: string, keyName: string): string {
  const slug = keyName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);
  return `beacon-identity-${userId}${slug ? `-${slug}` : ""}.json`;
}

export function NewKeyButton({
  userId,
  replaces,
  label,
  ariaLabel,
  takenNames,
}: {
  userId: string;
  replaces?: { keyId: number; name: string };
  label: string;
  ariaLabel?: string;
  /** the names of the account's other active keys (the replaced key's is free) */
  takenNames: string[];
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string | null>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const id = `new-key-${replaces?.keyId ?? "add"}`;

  function nameProblem(name: string): string | null {
    if (!name) return "Name the key first: where it lives, e.g. laptop or backup.";
    if (name.length > NAME_MAX) return `A key's name is at most ${NAME_MAX} characters.`;
    if (takenNames.some((t) => t.toLowerCase() === name.toLowerCase()))
      return `You have a key named “${name}” already: give this one another name.`;
    return null;
  }

  async function make(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const name = (nameField.current?.value ?? "").replace(/\s+/g, " ").trim();
    const problem = nameProblem(name);
    setError(problem ?? undefined);
    if (problem) return nameField.current?.focus();
    setBusy(true);
    try {
      const key = await createIdentity(userId);
      const file = fileName(userId, name);
      // Saved before the server knows the key: a key is never added that no file holds.
      downloadText(`${JSON.stringify(key.file, null, 2)}\n`, file, "application/json");
      const form = new FormData();
      form.set("public_key", key.publicKeyPem);
      form.set("name", name);
      if (replaces) form.set("replaces", String(replaces.keyId));
      const state = await addKeyAction({}, form);
      const refused = state.errors && (state.errors.name ?? Object.values(state.errors)[0]);
      if (refused) {
        setError(`${refused} The file just saved (${file}) holds a key this account does not have: delete it.`);
        return;
      }
      setDone(`${state.ok ?? "Key added."} Its identity file is saved as ${file}: keep it like a password.`);
      setOpen(false);
      router.refresh();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2">
      {open ? (
        <form onSubmit={(e) => void make(e)} className="space-y-2" noValidate data-testid={`${id}-form`}>
          <label htmlFor={`${id}-name`} className={labelClass}>
            {replaces ? `Name of the key replacing “${replaces.name}”` : "Name of the new key"}
          </label>
          <input
            ref={nameField}
            id={`${id}-name`}
            name="name"
            type="text"
            maxLength={NAME_MAX}
            // Rotating keeps the place the key lives: its name is offered again.
            defaultValue={replaces?.name ?? ""}
            autoFocus
            className={input}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint ${errorId(id)}`}
          />
          <p id={`${id}-hint`} className="text-xs text-slate-400">
            Where it lives, e.g. laptop or backup. The key is made here, its file saved, then added to your account.
          </p>
          <FieldError id={errorId(id)} message={error} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy ? "Making…" : "Make the key and save its file"}
            </button>
            <button type="button" className={secondaryButton} disabled={busy} onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <button
            type="button"
            className={replaces ? secondaryButton : primaryButton}
            aria-label={ariaLabel}
            onClick={() => {
              setOpen(true);
              setError(undefined);
              setDone(null);
            }}
          >
            {label}
          </button>
          <FieldError id={errorId(id)} message={error} />
        </>
      )}
      {done && (
        <p role="status" className="text-sm text-emerald-300">
          {done}
        </p>
      )}
    </div>
  );
}
