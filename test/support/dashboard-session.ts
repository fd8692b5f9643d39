/**
 * The dashboard over HTTP, as a browser drives it: a next-auth session for an identity
 * (a challenge issued in the test database, signed here, redeemed through next-auth's
 * credentials callback) and server actions called the way React calls them (the
 * `Next-Action` header with the action's id from the build's manifest, the arguments
 * encoded by React's own encodeReply).
 */
import { sign } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { issueChallenge } from "@/lib/sign-in/challenges";
import type { Db } from "@/lib/db/client";
import { testDb } from "./api";
import { ROOT } from "./test-server";

/** Another server than the suite's (a dedicated one), and its database. */
export interface OtherServer {
  serverUrl: string;
  db: Db;
}

/** A session cookie ("authjs.session-token=...") for the identity. */
export async function sessionCookie(identity: Identity, other?: OtherServer): Promise<string> {
  const baseUrl = () => other?.serverUrl ?? inject("serverUrl");
  const challenge = await issueChallenge(other?.db ?? testDb(), { userId: identity.userId, baseUrl: baseUrl() });
  const signature = sign("sha256", Buffer.from(challenge.content, "utf8"), identity.privateKey).toString("hex");
  const csrf = await fetch(`${baseUrl()}/api/auth/csrf`);
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${baseUrl()}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ user_id: identity.userId, challenge: challenge.challengeId, signature, csrfToken }),
  });
  const session = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("authjs.session-token="))
    ?.split(";")[0];
  if (!session) throw new Error(`no session for ${identity.userId}: ${res.status}`);
  return session;
}

export interface ServerActionRef {
  id: string;
  /** the source file, relative to the repository ("app/dashboard/moderation/actions.ts") */
  filename: string;
  exportedName: string;
}

/** Every server action of the production build (.next/server/server-reference-manifest.json). */
export function builtServerActions(): ServerActionRef[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, ".next/server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };
  return Object.entries(manifest.node).map(([id, a]) => ({
    id,
    filename: a.filename ?? "",
    exportedName: a.exportedName ?? "",
  }));
}

/** The built action `exportedName` of `filename`. */
export function serverAction(filename: string, exportedName: string): ServerActionRef {
  const found = builtServerActions().find((a) => a.filename === filename && a.exportedName === exportedName);
  if (!found) throw new Error(`no server action ${exportedName} in ${filename} in the build`);
  return found;
}

export interface ActionReply {
  status: number;
  /** the RSC payload (the action's result is in it as JSON) */
  body: string;
  /** where the action sent the browser (redirect() in an action: x-action-redirect) */
  redirect: string | null;
}

/**
 * Calls a form action `(previousState, formData)` as useActionState does, from `page`,
 * with the session `cookie` (none: a visitor without a session).
 */
export async function callFormAction(
  action: ServerActionRef,
  fields: Record<string, string>,
  options: { cookie?: string; page?: string; serverUrl?: string } = {},
): Promise<ActionReply> {
  const baseUrl = () => options.serverUrl ?? inject("serverUrl");
  // React's own encoder, so the body is exactly what a browser sends.
  const { encodeReply } = (await import("next/dist/compiled/react-server-dom-webpack/client.node.js" as string)) as {
    encodeReply(value: unknown): Promise<string | FormData>;
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const body = await encodeReply([{}, form]);
  const res = await fetch(`${baseUrl()}${options.page ?? "/dashboard"}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      accept: "text/x-component",
      "next-action": action.id,
      origin: baseUrl(),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(typeof body === "string" ? { "content-type": "text/plain;charset=UTF-8" } : {}),
    },
    body,
  });
  return { status: res.status, body: await res.text(), redirect: res.headers.get("x-action-redirect") };
}
