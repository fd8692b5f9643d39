/**
 * One server per engine for the API test project: a fresh database, the production
 * build, real HTTP. Tests reach it through inject("serverUrl") and may open the same
 * database through inject("databaseUrl") to check what was (not) written.
 *
 * With `replica` (the api-postgresql-replica project: the v1 tests on PostgreSQL with a
 * read replica) the database is the primary of a private primary and hot standby
 * (replica-pair.ts) and the server reads from the standby (DATABASE_REPLICA_URLS); at the
 * end its /metrics must show reads the replica served, or the run fails: a project that
 * silently read everything from the primary would test nothing new.
 */
import { randomUUID } from "node:crypto";
import type { TestProject } from "vitest/node";
import { createTestDatabase, type Engine, type TestDatabase } from "./databases";
import { startFakeCurseForge } from "./fake-curseforge";
import { startFakeSteam } from "./fake-steam";
import { pairAvailable } from "./pair-available";
import { startReplicaPair } from "./replica-pair";
import { startServer, type TestServer } from "./test-server";

declare module "vitest" {
  export interface ProvidedContext {
    serverUrl: string;
    databaseUrl: string;
    engine: Engine;
    maxBodyBytes: number;
    /** the fake Steam Web API the server's STEAM_API_URL points at (fake-steam.ts) */
    steamUrl: string;
    /** the stand-in CurseForge the server's CURSEFORGE_API_URL points at (fake-curseforge.ts) */
    curseForgeUrl: string;
    /** the hot standby the server reads from (api-postgresql-replica), else "" */
    replicaUrl: string;
  }
}

export const TEST_MAX_BODY_BYTES = 8 * 1024 * 1024;

/** Requests whose reads the server routed to the primary and to the replica (its /metrics). */
async function routedReads(server: TestServer, token: string): Promise<{ primary: number; replica: number }> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const count = (target: string) =>
    Number(new RegExp(`^beacon_db_reads_total\\{target="${target}"\\} (\\d+)`, "m").exec(text)?.[1] ?? NaN);
  return { primary: count("primary"), replica: count("replica") };
}

export function setupFor(engine: Engine, options: { replica?: boolean } = {}) {
  return async function setup(project: TestProject) {
    let database: TestDatabase;
    let replica: { url: string; metricsToken: string } | null = null;
    if (options.replica) {
      const why = pairAvailable();
      // vitest.config.ts leaves the project out where the pair cannot run, outside CI.
      if (!why.ok) throw new Error(`${project.name} needs a private PostgreSQL primary and standby: ${why.reason}`);
      const pair = await startReplicaPair();
      database = { url: pair.primaryUrl, drop: () => pair.destroy() };
      replica = { url: pair.replicaUrl, metricsToken: `metrics-${randomUUID()}` };
    } else {
      database = await createTestDatabase(engine, "api");
    }
    const steam = await startFakeSteam();
    const curseForge = await startFakeCurseForge();
    const server = await startServer({
      DATABASE_URL: database.url,
      MAX_BODY_BYTES: String(TEST_MAX_BODY_BYTES),
      STEAM_API_URL: steam.url,
      CURSEFORGE_API_URL: curseForge.url,
      CURSEFORGE_API_KEY: curseForge.key,
      // The stand-in listens on loopback, which the address guard refuses otherwise.
      CURSEFORGE_ALLOW_PRIVATE_HOSTS: "true",
      ...(replica ? { DATABASE_REPLICA_URLS: replica.url, METRICS_TOKEN: replica.metricsToken } : {}),
    });
    project.provide("serverUrl", server.url);
    project.provide("databaseUrl", database.url);
    project.provide("engine", engine);
    project.provide("maxBodyBytes", TEST_MAX_BODY_BYTES);
    project.provide("steamUrl", steam.url);
    project.provide("curseForgeUrl", curseForge.url);
    project.provide("replicaUrl", replica?.url ?? "");
    return async () => {
      const routed = replica ? await routedReads(server, replica.metricsToken).catch((err: Error) => err) : null;
      const code = await server.stop();
      if (code !== 0) console.error(`${project.name} server exited with ${code}:\n${server.logs().slice(-4000)}`);
      await steam.close();
      await curseForge.close();
      await database.drop();
      if (routed instanceof Error)
        throw new Error(`${project.name}: the server's /metrics did not answer: ${routed.message}`);
      if (routed) {
        console.log(`${project.name}: reads routed to the replica ${routed.replica}, to the primary ${routed.primary}`);
        if (!(routed.replica > 0))
          throw new Error(
            `${project.name}: the replica served no read (beacon_db_reads_total: ${JSON.stringify(routed)})`,
          );
      }
    };
  };
}
