// The server process: start on an empty data directory, keep a generated
// AUTH_SECRET, health check, and SIGTERM that lets a request in flight finish. And
// what runs is compiled JavaScript, with no TypeScript loader.
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { newIdentity, publicKeyPem } from "@/lib/client/identity";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { ROOT, startServer } from "../support/test-server";

const engine = inject("engine");
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

async function database(): Promise<TestDatabase> {
  const d = await createTestDatabase(engine, "server");
  cleanups.push(() => d.drop());
  return d;
}

describe(`server process on ${engine}`, () => {
  it("runs compiled JavaScript: npm start and the test server run dist/server.js, which imports only installed packages", async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe("node scripts/start.mjs");
    expect(readFileSync(join(ROOT, "scripts/start.mjs"), "utf8")).not.toMatch(/tsx|\.ts"/);
    const server = await startServer({
      DATABASE_URL:
        engine === "sqlite"
          ? `file:${join(mkdtempSync(join(tmpdir(), "beacon-data-")), "b.db")}`
          : (await database()).url,
    });
    const argv = readFileSync(`/proc/${server.process.pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    expect(argv.slice(1)).toEqual([join(ROOT, "dist", "server.js")]);
    // No loader slipped in through the environment either.
    const environ = readFileSync(`/proc/${server.process.pid}/environ`, "utf8").split("\0");
    expect(environ.filter((v) => v.startsWith("NODE_OPTIONS=") && /tsx|--import|--loader/.test(v))).toEqual([]);
    expect(await server.stop()).toBe(0);
    const bundle = readFileSync(join(ROOT, "dist", "server.js"), "utf8");
    const imported = new Set(
      [...bundle.matchAll(/^import .*? from "([^"]+)";$|^import "([^"]+)";$/gm)].map((m) => (m[1] ?? m[2])!),
    );
    const packages = [...imported]
      .filter((s) => !s.startsWith("node:"))
      .map((s) => (s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : s.split("/")[0]!));
    expect(packages.length).toBeGreaterThan(3);
    // Only what a production install has: no "@/" alias, no relative .ts path, no dev dependency.
    for (const p of packages) expect(Object.keys(pkg.dependencies), p).toContain(p);
  });

  it("starts on a new database, serves 404 JSON for an unknown user and keeps a generated AUTH_SECRET", async () => {
    const db = await database();
    const dataDir = mkdtempSync(join(tmpdir(), "beacon-data-"));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    // With SQLite the data directory is the database's; with PostgreSQL it is ./data, so
    // point the SQLite case at the temporary folder.
    const url = engine === "sqlite" ? `file:${join(dataDir, "beacon.db")}` : db.url;
    const env = { DATABASE_URL: url, AUTH_SECRET: "" };
    const first = await startServer(env);
    const res = await fetch(`${first.url}/v1/user.php/${newIdentity().userId}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: expect.any(String), details: expect.anything() });
    expect(await (await fetch(`${first.url}/healthz`)).json()).toEqual({ status: "ok" });
    expect(await first.stop()).toBe(0);
    if (engine === "sqlite") {
      const secretFile = join(dataDir, "auth-secret");
      const secret = readFileSync(secretFile, "utf8");
      expect(secret.trim().length).toBeGreaterThanOrEqual(32);
      expect(statSync(secretFile).mode & 0o077).toBe(0);
      const second = await startServer(env);
      expect(await second.stop()).toBe(0);
      expect(readFileSync(secretFile, "utf8")).toBe(secret);
    }
  });

  it("on SIGTERM finishes the request in flight, then exits 0", async () => {
    const db = await database();
    const server = await startServer({
      DATABASE_URL: engine === "sqlite" ? `file:${join(mkdtempSync(join(tmpdir(), "beacon-data-")), "b.db")}` : db.url,
    });
    const id = newIdentity();
    const body = Buffer.from(JSON.stringify({ user_id: id.userId, public_key: publicKeyPem(id) }));
    const reply = new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${server.url}/v1/user.php`,
        { method: "POST", headers: { "content-type": "application/json", "content-length": body.length } },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.write(body.subarray(0, 10));
      // The server has the request but not its whole body when the signal arrives.
      setTimeout(() => {
        server.process.kill("SIGTERM");
        setTimeout(() => req.end(body.subarray(10)), 300);
      }, 300);
    });
    expect(await reply).toBe(200);
    expect(await server.stop()).toBe(0);
    expect(server.logs()).toContain("stopped");
  });
});
