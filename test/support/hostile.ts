/**
 * Helpers for the hostile-input, security and crash tests: a dedicated server on its own
 * database (so other suites' writes never disturb a before/after database comparison),
 * seeded identities, raw-socket exchanges, and the checks every error reply must pass.
 */
import { connect } from "node:net";
import { inject } from "vitest";
import { createClient, type ClientResponse, type RequestOptions } from "@/lib/client/http";
import { newIdentity, publicKeyPem, type Identity } from "@/lib/client/identity";
import { createTestDatabase, type TestDatabase } from "./databases";
import { steamItem } from "./steam";
import { startServer, type TestServer } from "./test-server";

export interface Dedicated {
  server: TestServer;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function dedicatedServer(label: string, env: Record<string, string> = {}): Promise<Dedicated> {
  const database = await createTestDatabase(inject("engine"), label);
  const server = await startServer({ DATABASE_URL: database.url, STEAM_API_URL: inject("steamUrl"), ...env });
  return {
    server,
    database,
    async close() {
      await server.stop();
      await database.drop();
    },
  };
}

export function client(serverUrl: string, identity?: Identity) {
  return createClient({ serverUrl, identity });
}

export type Send = (method: string, target: string, opts?: RequestOptions) => Promise<ClientResponse>;

export async function registerUser(
  serverUrl: string,
  scheme: Parameters<typeof newIdentity>[0] = "rsa-sha256",
): Promise<Identity> {
  const identity = newIdentity(scheme);
  const res = await client(serverUrl).request("POST", "/v1/user.php", {
    body: { user_id: identity.userId, public_key: publicKeyPem(identity) },
  });
  if (res.status !== 200) throw new Error(`registering a user failed: ${res.status} ${res.text()}`);
  return identity;
}

/** Registers and confirms a new workshop item for `who` on the server at `serverUrl`. */
export async function confirmModOn(serverUrl: string, who: Identity): Promise<string> {
  const id = await steamItem({});
  const c = client(serverUrl, who);
  const posted = await c.request("POST", "/v1/mod.php", { body: { mod_id: id } });
  if (posted.status !== 200) throw new Error(`registering ${id} failed: ${posted.status} ${posted.text()}`);
  const code = (await c.request("GET", `/v1/mod.php/${id}`)).json<{ confirmation_code: string }>().confirmation_code;
  await steamItem({ publishedfileid: id, description: `Owner code: ${code}` });
  const confirmed = await c.request("GET", `/v1/mod.php/${id}?action=confirm`);
  if (!confirmed.json<{ confirmed: boolean }>().confirmed)
    throw new Error(`confirming ${id} failed: ${confirmed.text()}`);
  return id;
}

export interface RawExchange {
  /** everything the server wrote before it closed the connection (or the timeout) */
  text: string;
  /** the server closed the connection */
  closed: boolean;
}

/** Writes bytes on a fresh TCP connection and reads until the server closes it. */
export function rawExchange(serverUrl: string, bytes: string | Buffer, waitMs = 2000): Promise<RawExchange> {
  const { hostname, port } = new URL(serverUrl);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString("latin1"), closed: false });
    }, waitMs);
    socket.on("data", (d: Buffer) => chunks.push(d));
    socket.on("error", () => {}); // a reset after the reply still counts as closed
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ text: Buffer.concat(chunks).toString("latin1"), closed: true });
    });
    socket.on("timeout", reject);
  });
}

/** Words that would betray internals (stack frames, the ORM, SQL, the engine) in a reply. */
export const LEAK_MARKERS = ["at /", "prisma", "SELECT ", "sqlite", "postgres", "node_modules", "Error:"];

export function leaks(body: string): string[] {
  const lower = body.toLowerCase();
  return LEAK_MARKERS.filter((m) => (m === m.toLowerCase() ? lower.includes(m) : body.includes(m)));
}

/** The error shape of docs/CONTRACT.md#errors: JSON with a non-empty message and a details key. */
export function errorShapeProblem(res: {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
}): string | null {
  if (!String(res.headers["content-type"] ?? "").startsWith("application/json"))
    return `content-type ${String(res.headers["content-type"])}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body.toString("utf8"));
  } catch {
    return "body is not JSON";
  }
  const o = parsed as { message?: unknown; details?: unknown } | null;
  if (!o || typeof o.message !== "string" || o.message.length === 0) return "no message";
  if (!("details" in o)) return "no details key";
  return null;
}
