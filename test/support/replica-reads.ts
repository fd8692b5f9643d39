/**
 * Setup of every file of the api-postgresql-replica project: the file's requests must
 * include reads the server routed to the replica (its /metrics), or the file fails. Without
 * it the project could run against a server that reads everything from the primary, and
 * pass while testing nothing the api-postgresql project does not.
 */
import { afterAll, beforeAll, expect, inject } from "vitest";
import { routedReads } from "./replica-project";

const replica = inject("replica");
if (!replica) throw new Error("replica-reads.ts is the setup of the api-postgresql-replica project only");
const routed = () => routedReads(inject("serverUrl"), replica.metricsToken);

let before: { primary: number; replica: number };
beforeAll(async () => {
  before = await routed();
});
afterAll(async () => {
  const after = await routed();
  expect(
    after.replica - before.replica,
    `reads routed to the replica during this file (${JSON.stringify(after)})`,
  ).toBeGreaterThan(0);
});
