/**
 * One server per engine for the API test project: a fresh database, the production
 * build, real HTTP. Tests reach it through inject("serverUrl") and may open the same
 * database through inject("databaseUrl") to check what was (not) written.
 */
import type { TestProject } from "vitest/node";
import { createTestDatabase, type Engine } from "./databases";
import { startFakeCurseForge } from "./fake-curseforge";
import { startFakeSteam } from "./fake-steam";
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
  }
}

export const TEST_MAX_BODY_BYTES = 8 * 1024 * 1024;

export function setupFor(engine: Engine) {
  return async function setup(project: TestProject) {
    const database = await createTestDatabase(engine, "api");
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
    });
    project.provide("serverUrl", server.url);
    project.provide("databaseUrl", database.url);
    project.provide("engine", engine);
    project.provide("maxBodyBytes", TEST_MAX_BODY_BYTES);
    project.provide("steamUrl", steam.url);
    project.provide("curseForgeUrl", curseForge.url);
    return async () => {
      const code = await server.stop();
      if (code !== 0) console.error(`${engine} server exited with ${code}:\n${server.logs().slice(-4000)}`);
      await steam.close();
      await curseForge.close();
      await database.drop();
    };
  };
}
