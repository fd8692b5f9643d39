/**
 * Seed factories for API tests (STYLE habit 10): every test makes fresh identities, so
 * tests never depend on each other's data and can run in parallel.
 */
import { inject } from "vitest";
import { beaconApi } from "@/lib/client/beacon-api";
import { createClient } from "@/lib/client/http";
import { newIdentity, type Identity, type SignatureScheme } from "@/lib/client/identity";
import { createDb, type Db } from "@/lib/db/client";
import { replayWaiter, waitForReplayAfterWrites } from "./replica-project";

export function api(identity?: Identity) {
  return createClient({ serverUrl: inject("serverUrl"), identity });
}

/** The typed client (lib/client/beacon-api.ts) on the test server; errors throw BeaconApiError. */
export function beacon(identity?: Identity) {
  return beaconApi({ serverUrl: inject("serverUrl"), identity });
}

/** A new identity registered through POST /v1/user.php. */
export async function registeredUser(scheme: SignatureScheme = "rsa-sha256"): Promise<Identity> {
  const identity = newIdentity(scheme);
  await beacon().users.register(identity);
  return identity;
}

let database: Db | undefined;

/**
 * The test server's database, opened directly to check what was written. With a read
 * replica (the api-postgresql-replica project) its writes return once the replica has
 * replayed them, as the server may serve the next read from it (replica-project.ts).
 */
export function testDb(): Db {
  const replica = inject("replica");
  database ??= createDb(
    inject("databaseUrl"),
    replica ? { onPgAdapter: waitForReplayAfterWrites(replayWaiter(inject("databaseUrl"), replica.url)) } : {},
  );
  return database;
}

export function expectJsonError(
  res: { status: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
): { message: string; details: unknown } {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.json())}`);
  if (!String(res.headers["content-type"]).startsWith("application/json")) throw new Error("error reply is not JSON");
  const body = res.json() as { message: unknown; details: unknown };
  if (typeof body.message !== "string" || body.message.length === 0)
    throw new Error(`error reply has no message: ${JSON.stringify(body)}`);
  if (!("details" in body)) throw new Error("error reply has no details key");
  return body as { message: string; details: unknown };
}
