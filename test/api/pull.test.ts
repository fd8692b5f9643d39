// Engram pull (docs/CONTRACT.md#pull) against local HTTP file servers, on each engine: JSON and CSV sync,
// removal, unchanged and 304 skips, bad files (nothing applied, a report POSTed back),
// refused addresses (named in the log, never to the owner), the lease, the schedule, and
// the job inside a real server.
import { spawn } from "node:child_process";
import http from "node:http";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { createLogger, logger, setLogger } from "@/lib/logging/logger";
import type { GuardOptions } from "@/lib/net/guarded-fetch";
import { claimPull, reconcileSchedules } from "@/lib/pull/pull-state";
import { runPull } from "@/lib/pull/run-pull";
import { registeredUser, testDb } from "../support/api";
import { confirmedMod, postMods } from "../support/mods";
import { ROOT, startServer } from "../support/test-server";

interface Served {
  status?: number;
  type?: string;
  body: string;
  etag?: string;
  delayMs?: number;
}
const files = new Map<string, Served>();
const seen: { method: string; path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
const inFlight = new Map<string, number>();
const maxInFlight = new Map<string, number>();
let fileServer: http.Server;
let origin: string;

beforeAll(async () => {
  fileServer = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const path = req.url!;
      seen.push({ method: req.method!, path, headers: req.headers, body });
      const file = files.get(path);
      if (req.method === "POST" || !file) return res.writeHead(file ? 204 : 404).end();
      const now = (inFlight.get(path) ?? 0) + 1;
      inFlight.set(path, now);
      maxInFlight.set(path, Math.max(maxInFlight.get(path) ?? 0, now));
      setTimeout(() => {
        inFlight.set(path, (inFlight.get(path) ?? 1) - 1);
        if (file.etag && req.headers["if-none-match"] === file.etag) return res.writeHead(304).end();
        res
          .writeHead(file.status ?? 200, {
            "content-type": file.type ?? "application/json",
            ...(file.etag ? { etag: file.etag } : {}),
          })
          .end(file.body);
      }, file.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => fileServer.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(fileServer.address() as AddressInfo).port}`;
});
afterAll(() => {
  fileServer.closeAllConnections();
  fileServer.close();
});

const engram = (mod: string, name: string, extra: Record<string, unknown> = {}) => ({
  path: `/Game/Mods/Pull${mod}/${name}.${name}`,
  label: `Label ${name}`,
  mod_id: "1", // ignored by the pull: the file's mod_id never decides ownership
  environments: ["Island"],
  can_blueprint: true,
  ...extra,
});

const NOT_ALLOWED =
  "The pull URL could not be fetched: this address is not allowed (only public internet addresses are).";
const owner = new Map<string, Awaited<ReturnType<typeof registeredUser>>>();

/** Runs `work` with the process's logger writing into an array of parsed lines. */
async function withLog<T>(work: () => Promise<T>): Promise<{ lines: Record<string, unknown>[]; outcome: T }> {
  const previous = logger();
  const lines: Record<string, unknown>[] = [];
  setLogger(createLogger({ destination: { write: (line: string) => void lines.push(JSON.parse(line)) } }));
  try {
    return { lines, outcome: await work() };
  } finally {
    setLogger(previous);
  }
}

/** A confirmed mod whose pull_url points at a fresh path on the file server. */
async function pulledMod(file: Served): Promise<{ mod: string; path: string }> {
  const who = await registeredUser();
  const mod = await confirmedMod(who);
  owner.set(mod, who);
  const path = `/files/${randomUUID()}`;
  files.set(path, file);
  expect((await postMods(who, { mod_id: mod, pull_url: `${origin}${path}` })).status).toBe(200);
  await reconcileSchedules(testDb());
  return { mod, path };
}

const pull = (mod: string, guard: GuardOptions = { allowPrivate: true }) =>
  runPull(testDb(), mod, { instanceId: "test", intervalSeconds: 3600, guard, force: true });
const labelsOf = async (mod: string) =>
  (await testDb().engram.findMany({ where: { modId: mod }, orderBy: { path: "asc" } })).map((e) => e.label);

describe("pulling a mod's engrams", () => {
  it("applies a JSON file, ignoring its mod_id, and keeps the outcome", async () => {
    const { mod, path } = await pulledMod({ body: "" });
    files.set(path, { body: JSON.stringify([engram(mod, "A"), engram(mod, "B")]) });
    expect(await pull(mod)).toMatchObject({ status: "ok", added: 2, updated: 0, removed: 0 });
    expect(await labelsOf(mod)).toEqual(["Label A", "Label B"]);
    const state = await testDb().modPull.findUniqueOrThrow({ where: { modId: mod } });
    expect(state).toMatchObject({ status: "ok", added: 2, leaseOwner: null });
    expect(state.lastSuccessAt).not.toBeNull();
    const hours = (state.nextRunAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(0.85);
    expect(hours).toBeLessThan(1.15);
  });

  it("applies a CSV file with a BOM, CRLF, quoted commas, quotes and newlines", async () => {
    const { mod, path } = await pulledMod({ body: "" });
    const csv =
      "\uFEFFpath,label,availability,can_blueprint\r\n" +
      `/Game/Mods/Pull${mod}/C.C,"Comma, ""quoted""","Island,Scorched",true\r\n` +
      `/Game/Mods/Pull${mod}/D.D,"Two\r\nlines",Aberration,0\r\n`;
    files.set(path, { type: "text/csv; charset=utf-8", body: csv });
    expect(await pull(mod)).toMatchObject({ status: "ok", added: 2 });
    const rows = await testDb().engram.findMany({ where: { modId: mod }, orderBy: { path: "asc" } });
    expect(rows.map((r) => [r.label, r.environments, r.canBlueprint])).toEqual([
      ['Comma, "quoted"', 1 | 2, true],
      ["Two\r\nlines", 16, false],
    ]);
  });

  it("removes the engrams missing from the file, and skips an unchanged file", async () => {
    const { mod, path } = await pulledMod({ body: "" });
    files.set(path, { body: JSON.stringify([engram(mod, "A"), engram(mod, "B"), engram(mod, "C")]) });
    await pull(mod);
    files.set(path, { body: JSON.stringify([engram(mod, "B", { label: "New B" })]) });
    expect(await pull(mod)).toMatchObject({ status: "ok", added: 0, updated: 1, removed: 2 });
    expect(await labelsOf(mod)).toEqual(["New B"]);
    expect(await pull(mod)).toMatchObject({ status: "unchanged" });
    expect(await labelsOf(mod)).toEqual(["New B"]);
  });

  it("makes the mod's creatures match a file that names kinds, and leaves them alone for one that does not", async () => {
    const { mod, path } = await pulledMod({ body: "" });
    const creaturesOf = async () =>
      (await testDb().creature.findMany({ where: { modId: mod }, orderBy: { path: "asc" } })).map((c) => c.label);
    files.set(path, {
      type: "text/csv",
      body: `kind,path,label,availability\ncreature,/Game/Mods/Pull${mod}/Dino1.Dino1,Dino 1,Island\ncreature,/Game/Mods/Pull${mod}/Dino2.Dino2,Dino 2,Island\n,/Game/Mods/Pull${mod}/A.A,Label A,Island\n`,
    });
    expect(await pull(mod)).toMatchObject({ status: "ok", added: 3, removed: 0 });
    expect(await creaturesOf()).toEqual(["Dino 1", "Dino 2"]);
    expect(await labelsOf(mod)).toEqual(["Label A"]);
    // Without kinds the file is about engrams: the creatures stay.
    files.set(path, { body: JSON.stringify([engram(mod, "B")]) });
    expect(await pull(mod)).toMatchObject({ status: "ok", added: 1, removed: 1 });
    expect(await creaturesOf()).toEqual(["Dino 1", "Dino 2"]);
    // With kinds again: the creature missing from it goes.
    files.set(path, {
      body: JSON.stringify([engram(mod, "B"), { ...engram(mod, "Dino1", { label: "Dino 1" }), kind: "creature" }]),
    });
    expect(await pull(mod)).toMatchObject({ status: "ok", removed: 1 });
    expect(await creaturesOf()).toEqual(["Dino 1"]);
  });

  it("sends If-None-Match and treats 304 as unchanged", async () => {
    const { mod, path } = await pulledMod({ body: "" });
    files.set(path, { body: JSON.stringify([engram(mod, "A")]), etag: '"e1"' });
    await pull(mod);
    expect(await pull(mod)).toMatchObject({ status: "unchanged" });
    const last = seen.filter((s) => s.path === path && s.method === "GET").at(-1)!;
    expect(last.headers["if-none-match"]).toBe('"e1"');
  });

  it.each<[string, Served]>([
    ["an invalid row", { body: "[]" }],
    ["malformed JSON", { body: "[{" }],
    ["a wrong content type", { type: "text/html", body: "<html>" }],
    ["an HTTP error", { status: 500, body: "" }],
  ])("applies nothing from a file with %s, and reports it back to the pull URL", async (name, bad) => {
    const { mod, path } = await pulledMod({ body: "" });
    files.set(path, { body: JSON.stringify([engram(mod, "Keep")]) });
    await pull(mod);
    files.set(
      path,
      name === "an invalid row"
        ? { body: JSON.stringify([engram(mod, "X"), engram(mod, "Y", { environments: ["Moon"] })]) }
        : bad,
    );
    const outcome = await pull(mod);
    expect(outcome).toMatchObject({ status: "error" });
    if (name === "an invalid row") expect(outcome!.message).toMatch(/row 2/);
    expect(await labelsOf(mod)).toEqual(["Label Keep"]);
    const state = await testDb().modPull.findUniqueOrThrow({ where: { modId: mod } });
    expect(state.status).toBe("error");
    expect(state.message).toBe(outcome!.message);
    const report = seen.filter((s) => s.path === path && s.method === "POST").at(-1)!;
    expect(report.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(report.body))).toEqual({ mod_id: mod, message: outcome!.message });
  });

  it("refuses a private pull URL when private hosts are not allowed, without connecting", async () => {
    const { mod, path } = await pulledMod({ body: "[]" });
    const before = seen.length;
    const { lines, outcome } = await withLog(() => pull(mod, { allowPrivate: false }));
    expect(outcome).toMatchObject({ status: "error", message: NOT_ALLOWED });
    expect((await testDb().modPull.findUniqueOrThrow({ where: { modId: mod } })).message).toBe(NOT_ALLOWED);
    expect(seen.slice(before).filter((s) => s.path === path)).toHaveLength(0);
    // The operator's log names the address and the range it is in.
    expect(lines).toContainEqual(
      expect.objectContaining({ mod_id: mod, refused: "address", detail: "127.0.0.1 (127.0.0.0/8: loopback)" }),
    );
  });

  it("tells the owner and the error report 'not allowed' without the address a name resolved to; the log has it", async () => {
    // A public pull URL (127.0.0.2, declared public) redirecting to a name of the inside network.
    const reports: string[] = [];
    const front = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        if (req.method === "POST") reports.push(body);
        res.writeHead(req.method === "POST" ? 204 : 302, { location: `${origin.replace("127.0.0.1", "localhost")}/x` });
        res.end();
      });
    });
    await new Promise<void>((r) => front.listen(0, "127.0.0.2", r));
    try {
      const { mod } = await pulledMod({ body: "[]" });
      const pullUrl = `http://127.0.0.2:${(front.address() as AddressInfo).port}/engrams.json`;
      expect((await postMods(owner.get(mod)!, { mod_id: mod, pull_url: pullUrl })).status).toBe(200);
      await reconcileSchedules(testDb());
      const before = seen.length;
      const { lines, outcome } = await withLog(() => pull(mod, { allowPrivate: false, treatAsPublic: ["127.0.0.2"] }));
      expect(outcome).toMatchObject({ status: "error", message: NOT_ALLOWED });
      expect(seen.length).toBe(before); // nothing reached the inside
      const state = await testDb().modPull.findUniqueOrThrow({ where: { modId: mod } });
      expect(reports).toHaveLength(1);
      const report = Object.fromEntries(new URLSearchParams(reports[0]));
      expect(report).toEqual({ mod_id: mod, message: NOT_ALLOWED });
      for (const shown of [outcome!.message, state.message, reports[0]]) {
        expect(shown).not.toMatch(/127\.0\.0\.1|::1|localhost|loopback|resolves/);
      }
      const line = lines.find((l) => l.mod_id === mod && l.refused === "address");
      expect(line?.detail).toMatch(
        /^localhost resolves to (127\.0\.0\.1|::1) \((127\.0\.0\.0\/8|::1\/128): loopback\)$/,
      );
    } finally {
      front.closeAllConnections();
      front.close();
    }
  });
});

describe("the pull schedule", () => {
  it("follows the mod's pull_url: a new URL is due at once, a removed one drops the schedule", async () => {
    const who = await registeredUser();
    const mod = await confirmedMod(who);
    await postMods(who, { mod_id: mod, pull_url: `${origin}/files/one` });
    await reconcileSchedules(testDb());
    await testDb().modPull.update({
      where: { modId: mod },
      data: { nextRunAt: new Date(Date.now() + 3_600_000), contentHash: "old" },
    });
    await postMods(who, { mod_id: mod, pull_url: `${origin}/files/two` });
    await reconcileSchedules(testDb());
    const moved = await testDb().modPull.findUniqueOrThrow({ where: { modId: mod } });
    expect(moved.pullUrl).toBe(`${origin}/files/two`);
    expect(moved.contentHash).toBeNull();
    expect(moved.nextRunAt.getTime()).toBeLessThanOrEqual(Date.now());
    await postMods(who, { mod_id: mod, pull_url: null });
    await reconcileSchedules(testDb());
    expect(await testDb().modPull.findUnique({ where: { modId: mod } })).toBeNull();
  });

  it("lets exactly one of two instances take a mod's lease", async () => {
    const { mod } = await pulledMod({ body: "[]" });
    const other = createDb(inject("databaseUrl"));
    try {
      for (let round = 0; round < 20; round++) {
        await testDb().modPull.update({ where: { modId: mod }, data: { leaseOwner: null, leaseUntil: null } });
        const claims = await Promise.all([
          claimPull(testDb(), mod, "a", { force: true }),
          claimPull(other, mod, "b", { force: true }),
        ]);
        expect(claims.filter((c) => c !== null)).toHaveLength(1);
      }
    } finally {
      await other.$disconnect();
    }
  });
});

describe("the pull job inside the server", () => {
  it("pulls soon after a pull_url is set; with two instances on one database never the same mod at once", async () => {
    const instances = inject("engine") === "postgresql" ? 2 : 1;
    const env = {
      DATABASE_URL: inject("databaseUrl"),
      STEAM_API_URL: inject("steamUrl"),
      PULL_INTERVAL_SECONDS: "1",
      PULL_ALLOW_PRIVATE_HOSTS: "true",
    };
    const servers = await Promise.all(Array.from({ length: instances }, () => startServer(env)));
    try {
      const { mod, path } = await pulledMod({ body: "", delayMs: 300 });
      files.set(path, { body: JSON.stringify([engram(mod, "Auto")]), delayMs: 300 });
      // The shared database also holds the pull URLs other files set (unreachable by now):
      // at an interval of 1 s every one of them is due each tick and pulled before or after
      // this mod, one after another, so "soon" is a bound with room for them under load.
      const deadline = Date.now() + 45_000;
      while ((await labelsOf(mod)).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(await labelsOf(mod)).toEqual(["Label Auto"]);
      // Let both instances run several more rounds against the slow file.
      await new Promise((r) => setTimeout(r, 5_000));
      const gets = seen.filter((s) => s.path === path && s.method === "GET").length;
      expect(gets).toBeGreaterThanOrEqual(3);
      expect(maxInFlight.get(path)).toBe(1);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  }, 90_000);
});

describe("npm run pull", () => {
  // Asynchronous: the file server it pulls from runs in this very process.
  const cli = (args: string[], allowPrivate = "true") =>
    new Promise<{ status: number | null; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "scripts/pull.ts"), ...args], {
        cwd: ROOT,
        env: {
          ...process.env,
          BASE_URL: "",
          DATABASE_URL: inject("databaseUrl"),
          PULL_ALLOW_PRIVATE_HOSTS: allowPrivate,
        },
      });
      let stdout = "";
      child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
      child.on("close", (status) => resolve({ status, stdout }));
    });

  it("pulls a mod now and prints the outcome; exit 1 when it fails, 2 on bad usage", async () => {
    const { mod, path } = await pulledMod({ body: "" });
    files.set(path, { body: JSON.stringify([engram(mod, "Cli")]) });
    const ok = await cli([mod]);
    expect(ok.stdout).toContain(`mod ${mod}: ok (1 added, 0 updated, 0 removed)`);
    expect(ok.status).toBe(0);
    expect(await labelsOf(mod)).toEqual(["Label Cli"]);
    const json = await cli([mod, "--json"]);
    expect(JSON.parse(json.stdout.trim())).toMatchObject({ mod_id: mod, status: "unchanged" });
    const refused = await cli([mod], "false");
    expect(refused.status).toBe(1);
    expect(refused.stdout).toMatch(/error - The pull URL could not be fetched: this address is not allowed/);
    // The operator running the command sees the log line with the address.
    expect(refused.stdout).toMatch(/pull fetch refused[\s\S]*127\.0\.0\.1 \(127\.0\.0\.0\/8: loopback\)/);
    expect((await cli([])).status).toBe(2);
    expect((await cli(["abc"])).status).toBe(2);
    expect((await cli(["--help"])).stdout).toContain("usage: npm run pull");
  });
});
