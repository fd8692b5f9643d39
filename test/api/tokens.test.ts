// Scoped API tokens over real HTTP (/v1/token.php and Bearer on the write endpoints,
// docs/API.md "API tokens"). A dedicated server, so its whole log can be searched for
// the tokens afterwards. Runs once per engine.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClientResponse } from "@/lib/client/http";
import type { Identity } from "@/lib/client/identity";
import { createDb, type Db } from "@/lib/db/client";
import { client, confirmModOn, dedicatedServer, registerUser, type Dedicated } from "../support/hostile";

let dedicated: Dedicated;
let store: Db;
let owner: Identity;
let modA: string;
let modB: string;
/** every token made here, and every reply: none may repeat a token, nor may the log */
const tokens: string[] = [];
const replies: ClientResponse[] = [];

const engram = (mod: string) => ({
  path: `/Game/Mods/Token${mod}/PrimalItem_T${randomUUID().slice(0, 8)}.PrimalItem_T`,
  label: "Token test",
  environments: ["Island"],
  mod_id: mod,
});

async function send(method: string, target: string, opts: { body?: unknown; token?: string; who?: Identity } = {}) {
  const res = await client(dedicated.server.url, opts.who).request(method, target, {
    body: opts.body,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
  });
  replies.push(res);
  return res;
}

async function makeToken(body: Record<string, unknown>): Promise<{ token: string; token_id: string }> {
  const res = await send("POST", "/v1/token.php", { who: owner, body });
  expect(res.status, res.text()).toBe(201);
  const made = res.json<{ token: string; token_id: string }>();
  tokens.push(made.token);
  return made;
}

beforeAll(async () => {
  dedicated = await dedicatedServer("tokens");
  store = createDb(dedicated.database.url);
  owner = await registerUser(dedicated.server.url);
  modA = await confirmModOn(dedicated.server.url, owner);
  modB = await confirmModOn(dedicated.server.url, owner);
}, 120_000);

afterAll(async () => {
  await store?.$disconnect();
  await dedicated?.close();
});

describe("API tokens", () => {
  it("are shown once with the bh_ prefix and stored only as a SHA-256", async () => {
    const made = await makeToken({ name: "ci", scopes: ["engrams:write"], mod_ids: [modA], expires_in_days: 30 });
    expect(made.token).toMatch(/^bh_[A-Za-z0-9_-]{43}$/);
    const row = await store.apiToken.findUnique({ where: { id: made.token_id } });
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(made.token.slice(3));
    const listed = (await send("GET", "/v1/token.php", { who: owner })).text();
    expect(listed).toContain(made.token_id);
    expect(listed).not.toContain(made.token);
  });

  it("a token scoped to mod A pushes A's engrams, and gets 403 for mod B and for documents", async () => {
    const { token } = await makeToken({
      name: "release",
      scopes: ["engrams:write"],
      mod_ids: [modA],
      expires_in_days: 7,
    });
    const pushed = await send("POST", "/v1/engram.php", { token, body: [engram(modA)] });
    expect(pushed.status, pushed.text()).toBe(200);
    expect((await send("POST", "/v1/engram.php", { token, body: [engram(modB)] })).status).toBe(403);
    expect((await send("POST", "/v1/engram.php", { token, body: [engram(modA), engram(modB)] })).status).toBe(403);
    const doc = await send("POST", "/v1/document.php", {
      token,
      body: { Identifier: randomUUID(), Title: "x", Description: "", Version: 5 },
    });
    expect(doc.status).toBe(403);
    expect(doc.json<{ message: string }>().message).toMatch(/documents:write/);
    // Never for keys, codes, tokens or the v1 user: a credential a method cannot use is a 401
    // with the interface's challenge, as any other credential it cannot use.
    for (const [method, target] of [
      ["GET", "/v1/key.php"],
      ["POST", "/v1/token.php"],
      ["DELETE", `/v1/user.php/${owner.userId}`],
    ] as const) {
      const refused = await send(method, target, { token, body: method === "POST" ? { name: "x" } : undefined });
      expect(refused.status, `${method} ${target}`).toBe(401);
      expect(refused.headers["www-authenticate"]).toBe('Basic realm="Beacon API"');
    }
    await expect
      .poll(async () => (await store.apiToken.findFirst({ where: { name: "release" } }))!.lastUsedAt, { timeout: 5000 })
      .not.toBeNull();
  });

  it("every method of the four interface endpoints answers a Bearer credential it cannot use with the interface's 401", async () => {
    const { token } = await makeToken({
      name: "v1-401",
      scopes: ["engrams:write"],
      mod_ids: [modA],
      expires_in_days: 1,
    });
    // Each method of /v1/mod.php, engram.php, document.php and user.php that reads an
    // Authorization header (docs/API.md): a valid token of a scope none of them takes, a
    // made-up token, and a bare "Bearer abc". Where a method takes tokens (engram and
    // document writes) a valid token of the wrong scope stays a 403, tested above.
    const noTokens: [string, string][] = [
      ["GET", "/v1/mod.php"],
      ["POST", "/v1/mod.php"],
      ["DELETE", `/v1/mod.php/${modB}`],
      ["DELETE", "/v1/engram.php"],
      ["DELETE", `/v1/user.php/${owner.userId}`],
    ];
    const tokenMethods: [string, string][] = [
      ["POST", "/v1/engram.php"],
      ["POST", "/v1/document.php"],
      ["DELETE", `/v1/document.php/${randomUUID()}`],
    ];
    const made_up = `bh_${"A".repeat(43)}`;
    const cases: [string, string, string][] = [
      ...noTokens.flatMap(([m, t]) => [token, made_up, "abc"].map((c) => [m, t, c] as [string, string, string])),
      ...tokenMethods.flatMap(([m, t]) => [made_up, "abc"].map((c) => [m, t, c] as [string, string, string])),
    ];
    for (const [method, target, credential] of cases) {
      const res = await send(method, target, { token: credential, body: method === "POST" ? [] : undefined });
      expect(res.status, `${method} ${target} with Bearer ${credential.slice(0, 6)}: ${res.text()}`).toBe(401);
      expect(res.headers["www-authenticate"], `${method} ${target}`).toBe('Basic realm="Beacon API"');
    }
    // Nothing was removed by any of them.
    expect((await send("GET", `/v1/mod.php/${modB}`, { who: owner })).status).toBe(200);
  });

  it("a documents:write token publishes documents", async () => {
    const { token } = await makeToken({ name: "docs", scopes: ["documents:write"], expires_in_days: 1 });
    const res = await send("POST", "/v1/document.php", {
      token,
      body: { Identifier: randomUUID(), Title: "By token", Description: "", Version: 5 },
    });
    expect(res.status, res.text()).toBe(200);
  });

  it("an expired, a revoked and an unknown token get 401", async () => {
    const expired = await makeToken({ name: "old", scopes: ["engrams:write"], mod_ids: [modA], expires_in_days: 1 });
    await store.apiToken.update({ where: { id: expired.token_id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await send("POST", "/v1/engram.php", { token: expired.token, body: [engram(modA)] });
    expect(res.status).toBe(401);
    expect(res.json<{ message: string }>().message).toMatch(/expired/);

    const revoked = await makeToken({ name: "gone", scopes: ["engrams:write"], mod_ids: [modA], expires_in_days: 1 });
    expect((await send("DELETE", `/v1/token.php/${revoked.token_id}`, { who: owner })).status).toBe(200);
    expect((await send("POST", "/v1/engram.php", { token: revoked.token, body: [engram(modA)] })).status).toBe(401);

    const unknown = `bh_${"A".repeat(43)}`;
    tokens.push(unknown);
    expect((await send("POST", "/v1/engram.php", { token: unknown, body: [engram(modA)] })).status).toBe(401);
  });

  it("needs a name, scopes and an expiry of at most a year; strangers are refused", async () => {
    const base = { name: "x", scopes: ["documents:write"] };
    expect((await send("POST", "/v1/token.php", { who: owner, body: base })).status).toBe(400);
    expect((await send("POST", "/v1/token.php", { who: owner, body: { ...base, expires_in_days: 366 } })).status).toBe(
      400,
    );
    const far = new Date(Date.now() + 400 * 86_400_000).toISOString();
    expect((await send("POST", "/v1/token.php", { who: owner, body: { ...base, expires_at: far } })).status).toBe(400);
    const noMods = { name: "x", scopes: ["engrams:write"], expires_in_days: 3 };
    expect((await send("POST", "/v1/token.php", { who: owner, body: noMods })).status).toBe(400);
    expect((await send("GET", "/v1/token.php")).status).toBe(401);
    const mine = await makeToken({ ...base, expires_in_days: 2 });
    const stranger = await registerUser(dedicated.server.url);
    expect((await send("DELETE", `/v1/token.php/${mine.token_id}`, { who: stranger })).status).toBe(404);
  });

  it("never repeats a token in a reply or in the server's log", () => {
    expect(tokens.length).toBeGreaterThanOrEqual(6);
    const log = dedicated.server.logs();
    expect(log.length).toBeGreaterThan(0);
    for (const token of tokens) {
      const secret = token.slice(3);
      expect(log).not.toContain(secret);
      for (const reply of replies.filter((r) => r.json !== undefined && !/"token":/.test(r.text())))
        expect(reply.text()).not.toContain(secret);
    }
  });
});
