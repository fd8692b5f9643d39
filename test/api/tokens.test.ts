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
    // Never for keys, codes, tokens or the v1 user.
    expect((await send("GET", "/v1/key.php", { token })).status).toBe(403);
    expect((await send("POST", "/v1/token.php", { token, body: { name: "x" } })).status).toBe(403);
    expect((await send("DELETE", `/v1/user.php/${owner.userId}`, { token })).status).toBe(403);
    await expect
      .poll(async () => (await store.apiToken.findFirst({ where: { name: "release" } }))!.lastUsedAt, { timeout: 5000 })
      .not.toBeNull();
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
