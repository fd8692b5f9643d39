/**
 * The one session wrapper of the dashboard (STYLE habit 1): every dashboard page and
 * action starts with requireUser(), and every query it makes is scoped by the id it
 * returns. A session whose user was deleted meanwhile, or whose key was revoked (a
 * recovery revokes every key), counts as signed out.
 */
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { auth } from "@/lib/dashboard/auth";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { staleSignature } from "@/lib/sign-in/fresh-signature";
import { activeKeyByFingerprint, sessionKeyActive } from "@/lib/keys/keys";
import type { HiddenAccess } from "@/lib/documents/visibility";
import { isModerator } from "@/lib/moderation/roles";
import { isOperator } from "@/lib/moderation/console";

/** The session cookie read once per request, however many layouts, pages and checks ask (React's request cache). */
const currentSession = cache(() => auth());

/** Once per request however many layouts and pages ask (React's request cache). */
export const currentUserId = cache(async (): Promise<string | null> => {
  const session = await currentSession();
  const id = session?.user?.id;
  if (!id) return null;
  return (await sessionKeyActive(db(), id, (session as { key?: string }).key)) ? id : null;
});

/**
 * The key (PEM) the session signed in with, when it is still active; undefined for a
 * session from before sessions named their key. A token made in the dashboard is tied to it.
 */
export async function sessionKeyPem(userId: string): Promise<string | undefined> {
  const fingerprint = ((await currentSession()) as { key?: string } | null)?.key;
  if (fingerprint === undefined) return undefined;
  return (await activeKeyByFingerprint(db(), userId, fingerprint)) ?? undefined;
}

/**
 * Why this session may not change credentials now (its sign-in is older than
 * FRESH_SIGNATURE_SECONDS, lib/sign-in/fresh-signature.ts), or null.
 */
export async function staleSessionSignature(): Promise<string | null> {
  const signedAt = ((await currentSession()) as { signedAt?: number } | null)?.signedAt;
  return staleSignature(signedAt, config().FRESH_SIGNATURE_SECONDS, Date.now());
}

/** The signed-in user's id; otherwise a redirect to /sign-in. */
export async function requireUser(): Promise<string> {
  const id = await currentUserId();
  if (!id) redirect("/sign-in");
  return id;
}

/** Who may see a hidden document on a page: its author and moderators (lib/documents/visibility.ts). */
export const sessionHiddenAccess: HiddenAccess = async (ownerId) => {
  const id = await currentUserId();
  return id !== null && (id === ownerId || (await isModerator(db(), { kind: "user", userId: id })));
};

/**
 * The signed-in moderator's id; anyone else gets the 404 of a page that does not exist
 * (a visitor without a session is sent to sign in first, as everywhere in the dashboard).
 */
export async function requireModerator(): Promise<string> {
  const id = await requireUser();
  if (!(await isModerator(db(), { kind: "user", userId: id }))) notFound();
  return id;
}

/** The signed-in operator's id (the audit trail); anyone else gets a 404. */
export async function requireOperator(): Promise<string> {
  const id = await requireUser();
  if (!(await isOperator(db(), { kind: "user", userId: id }))) notFound();
  return id;
}
