/**
 * One server per engine for the API test project: a fresh database, the production
 * build, real HTTP. Tests reach it through inject("serverUrl") and may open the same
 * database through inject("databaseUrl") to check what was (not) written.
 *
 * With `replica` (the api-postgresql-replica project: the v1 tests on PostgreSQL with a
 * read replica) the database is the primary of a private primary and hot standby
 * (replica-pair.ts) and the server reads from the standby (DATABASE_REPLICA_URLS; what
 * else the project does: replica-project.ts).
 */
import { randomUUID } from "node:crypto";
import type { TestProject } from "vitest/node";
import { createTestDatabase, type Engine, type TestDatabase } from "./databases";
import { startFakeCurseForge } from "./fake-curseforge";
import { startFakeSteam } from "./fake-steam";
import { pairAvailable } from "./pair-available";
import { startReplicaPair } from "./replica-pair";
import { routedReads } from "./replica-project";
import { startServer } from "./test-server";

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
    /** api-postgresql-replica: the hot standby the server reads from, and its /metrics token; else null */
    replica: { url: string; metricsToken: string } | null;
  }
}

export const TEST_MAX_BODY_BYTES = 8 * 1024 * 1024;

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
    project.provide("replica", replica);
    return async () => {
      const routed = replica ? await routedReads(server.url, replica.metricsToken).catch(() => null) : null;
      const code = await server.stop();
      if (code !== 0) console.error(`${project.name} server exited with ${code}:\n${server.logs().slice(-4000)}`);
      await steam.close();
      await curseForge.close();
      await database.drop();
      if (replica)
        console.log(
          `${project.name}: requests whose reads went to the replica and the primary: ${JSON.stringify(routed)}`,
        );
    };
  };
}
