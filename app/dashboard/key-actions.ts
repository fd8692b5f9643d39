"use server";
/**
 * The dashboard's keys, recovery codes and API tokens through lib/keys, the functions
 * /v1/key.php, /v1/recovery.php and /v1/token.php use. Every action starts with the
 * session (formAction: requireUser) and passes its user id down; those functions find
 * only that user's keys and tokens, so another account's key or token id is "not found".
 * Those that add or revoke a key, or make recovery codes or a token, need a recent sign-in
 * too (freshSignature, lib/sign-in/fresh-signature.ts); revoking a token only takes access away.
 */
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { formAction } from "@/lib/dashboard/form-action";
import { sessionKeyPem } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { addKey, revokeKey } from "@/lib/keys/keys";
import { issueRecoveryCodes } from "@/lib/keys/recovery";
import { createToken, revokeToken } from "@/lib/keys/tokens";

const keyId = z.coerce.number().int().positive("is not a key id");
const asList = (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export const addKeyAction = formAction(
  z.object({
    public_key: z.string().min(1, "Paste a public key, or make one in this browser."),
    name: z.string().optional(),
    replaces: z.union([z.literal(""), keyId]).optional(),
  }),
  // A taken or unusable name is said under the name; anything else under the key.
  (err) => ((err.details as { path?: unknown } | null)?.path === "name" ? "name" : "public_key"),
  async (userId, input) => {
    const replaces = input.replaces === "" || input.replaces === undefined ? undefined : input.replaces;
    const added = await addKey(db(), userId, { publicKey: input.public_key, name: input.name || undefined, replaces });
    revalidatePath("/dashboard/keys");
    return { ok: replaces === undefined ? `Key "${added.name}" added.` : `Rotated: "${added.name}" replaces it.` };
  },
  { freshSignature: true },
);

export const revokeKeyAction = formAction(
  z.object({ key_id: keyId }),
  "form",
  async (userId, input) => {
    await revokeKey(db(), userId, input.key_id);
    revalidatePath("/dashboard/keys");
    return { ok: "Revoked." };
  },
  { destroys: true, freshSignature: true },
);

export const recoveryCodesAction = formAction(
  z.object({}),
  "form",
  async (userId) => {
    const codes = await issueRecoveryCodes(db(), userId);
    revalidatePath("/dashboard/keys");
    return {
      ok: "Ten new recovery codes; the older unused ones no longer work.",
      reveal: { label: "Your recovery codes, shown only now: keep them apart from your key", value: codes.join(" ") },
    };
  },
  { freshSignature: true },
);

export const createTokenAction = formAction(
  z.preprocess(
    (v) => {
      const f = v as Record<string, unknown>;
      return { ...f, scopes: asList(f.scopes), mod_ids: asList(f.mod_ids) };
    },
    z.object({
      name: z.string(),
      scopes: z.array(z.string()),
      mod_ids: z.array(z.string()),
      expires_in_days: z.coerce.number({ message: "Choose when the token expires." }),
    }),
  ),
  (err) => String((err.details as { path?: string } | null)?.path ?? "form"),
  async (userId, input) => {
    const made = await createToken(
      db(),
      userId,
      { name: input.name, scopes: input.scopes, modIds: input.mod_ids, expiresInDays: input.expires_in_days },
      new Date(),
      await sessionKeyPem(userId),
    );
    revalidatePath("/dashboard/tokens");
    return {
      ok: `Token "${made.name}" made; it expires ${made.expires_at.slice(0, 10)}.`,
      reveal: { label: "The token, shown only now: store it as a secret of your pipeline", value: made.token },
    };
  },
  { freshSignature: true },
);

export const revokeTokenAction = formAction(
  z.object({ token_id: z.string().min(1).max(100) }),
  "form",
  async (userId, input) => {
    await revokeToken(db(), userId, input.token_id);
    revalidatePath("/dashboard/tokens");
    return { ok: "Revoked." };
  },
  { destroys: true },
);
