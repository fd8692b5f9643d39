/**
 * Before the e2e suite: build if stale, a fresh SQLite database migrated and seeded, and
 * the production server on it. Tests find it through E2E_BASE_URL / E2E_DATABASE_URL.
 * Returns the teardown. With E2E_BASE_URL already set, the tests run against that server
 * instead (one started by hand on a database written by e2e/seed.ts).
 */
import { createDb } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { ensureBuild } from "@/lib/server/ensure-build";
import { createTestDatabase } from "@/test/support/databases";
import { startFakeSteam } from "@/test/support/fake-steam";
import { ROOT, startServer } from "@/test/support/test-server";
import { seed } from "./seed";

/** The e2e server's /metrics bearer token (a test value: the server is private to the run). */
export const E2E_METRICS_TOKEN = "e2e-metrics-token-not-a-secret";

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) return async () => {};
  ensureBuild(ROOT, (line) => console.log(`[e2e] ${line}`));
  const database = await createTestDatabase("sqlite", "e2e");
  // The dashboard journey registers and confirms mods against this fake Steam.
  const steam = await startFakeSteam();
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    await migrate(database.url, { root: ROOT });
    const client = createDb(database.url);
    const started = Date.now();
    await seed(client);
    await client.$disconnect();
    console.log(`[e2e] seeded ${database.url} in ${Date.now() - started} ms`);
    // Private hosts: the dashboard spec serves its pull file on 127.0.0.1. TRUST_PROXY: as
    // behind a reverse proxy, the last X-Forwarded-For entry is the client, so the sign-in
    // rate-limit spec can be a client of its own (without a proxy that header is ignored).
    // BASE_CATALOGUE=false: the pages show exactly the seeded rows (with it, the start
    // would take the seed for an install of the 2017 catalogue and add the rows it lacks).
    server = await startServer({
      DATABASE_URL: database.url,
      PULL_INTERVAL_SECONDS: "0",
      PULL_ALLOW_PRIVATE_HOSTS: "true",
      // The webhooks spec's receiver is on 127.0.0.1 too.
      WEBHOOK_ALLOW_PRIVATE_HOSTS: "true",
      TRUST_PROXY: "true",
      STEAM_API_URL: steam.url,
      BASE_CATALOGUE: "false",
      // e2e/prefetch.spec.ts counts the server's GETs per route on /metrics.
      METRICS_TOKEN: E2E_METRICS_TOKEN,
    });
  } catch (err) {
    await steam.close();
    await database.drop();
    throw err;
  }
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATABASE_URL = database.url;
  process.env.E2E_STEAM_URL = steam.url;
  return async () => {
    const code = await server.stop();
    if (code !== 0) console.error(`e2e server exited with ${code}:\n${server.logs().slice(-4000)}`);
    await steam.close();
    await database.drop();
  };
}
