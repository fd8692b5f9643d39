// `npm run dev` (server.ts --dev, docs/ARCHITECTURE.md "The request path"): Next.js in
// development mode behind the same dispatch as production, so a v1 request takes the one
// path there is: a signature over an unusual query string verifies (a Next.js route
// handler would see the query rewritten), and every reply carries its request id. SQLite
// only: the path does not depend on the engine, and a development server is slow to start.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { beaconApi } from "@/lib/client/beacon-api";
import { createClient } from "@/lib/client/http";
import { newIdentity } from "@/lib/client/identity";
import { freePort, ROOT } from "../support/test-server";

describe.skipIf(inject("engine") !== "sqlite")("npm run dev", () => {
  const dir = mkdtempSync(join(tmpdir(), "beacon-dev-"));
  let child: ChildProcess | undefined;
  let url = "";
  let output = "";

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "server.ts"), "--dev"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "development",
        PORT: String(port),
        HOSTNAME: "127.0.0.1",
        BASE_URL: url,
        DATABASE_URL: `file:${join(dir, "dev.db")}`,
        PULL_INTERVAL_SECONDS: "0",
        BASE_CATALOGUE: "false",
        BEACON_EXIT_WITH_PARENT: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
    for (const deadline = Date.now() + 170_000; ;) {
      if (child.exitCode !== null) throw new Error(`the development server exited:\n${output}`);
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`the development server did not answer /healthz:\n${output}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }, 180_000);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves v1 through server.ts: a signature over an unusual query verifies, and replies carry a request id", async () => {
    const identity = newIdentity("ed25519");
    await beaconApi({ serverUrl: url, identity }).users.register();
    const client = createClient({ serverUrl: url, identity });
    const res = await client.request("GET", "/v1/mod.php?a=1,2&b&&c=%41");
    expect(res.status, output.slice(-2000)).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers["x-request-id"]).toBeTruthy();
  });
});
