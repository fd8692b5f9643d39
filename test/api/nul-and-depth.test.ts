// A NUL character in any text a user sends (key and token names, webhook
// fields, reports, loot item classes, query parameters) is a 400 that names it on both
// engines (PostgreSQL text cannot hold NUL, so it used to be a 500 there), and a document
// nested thousands of levels deep is a 4xx when first published and when updated (the
// update's revision summary recursed until the stack ran out: a 500). Nothing is written.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { newIdentity, publicKeyPem, type Identity } from "@/lib/client/identity";
import { snapshot } from "../support/db-snapshot";
import { client, dedicatedServer, errorShapeProblem, registerUser, type Dedicated } from "../support/hostile";

const engine = inject("engine");
let dedicated: Dedicated;
let url: string;
let owner: Identity;
let documentId: string;
let webhookId: string;

beforeAll(async () => {
  dedicated = await dedicatedServer("nul-depth");
  url = dedicated.server.url;
  owner = await registerUser(url);
  documentId = randomUUID();
  const c = client(url, owner);
  expect(
    (await c.request("POST", "/v1/document.php", { body: { Identifier: documentId, Title: "Seed" } })).status,
  ).toBe(200);
  const hook = await c.request("POST", "/v1/webhook.php", {
    body: { url: "https://example.com/hook", events: ["document.updated"] },
  });
  expect(hook.status, hook.text()).toBe(201);
  webhookId = hook.json<{ webhook_id: string }>().webhook_id;
}, 120_000);

afterAll(async () => {
  await dedicated?.close();
});

const NUL = "a\u0000b";
const nested = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

describe(`NUL characters and deep nesting on ${engine}`, () => {
  const cases: [string, string, string, () => unknown][] = [
    ["the key name", "POST", "/v1/key.php", () => ({ public_key: publicKeyPem(newIdentity()), name: NUL })],
    ["token name", "POST", "/v1/token.php", () => ({ name: NUL, scopes: ["documents:write"], expires_in_days: 30 })],
    [
      "webhook url",
      "POST",
      "/v1/webhook.php",
      () => ({ url: `https://example.com/${NUL}`, events: ["document.updated"] }),
    ],
    [
      "the webhook description",
      "POST",
      "/v1/webhook.php",
      () => ({ url: "https://example.com/x", events: ["document.updated"], description: NUL }),
    ],
    ["a webhook change", "PATCH", "/v1/webhook.php/{hook}", () => ({ description: NUL })],
    ["a key in a token's body", "POST", "/v1/token.php", () => ({ [NUL]: 1, name: "t", scopes: ["documents:write"] })],
    [
      "a key rotation",
      "POST",
      "/v1/key.php/1?action=rotate",
      () => ({ public_key: publicKeyPem(newIdentity()), name: NUL }),
    ],
    [
      "a loot item class",
      "POST",
      "/v1/document.php",
      () => ({
        Identifier: randomUUID(),
        Title: "Loot",
        LootSources: [
          {
            Type: "SupplyCrate_Level03_C",
            ItemSets: [{ Label: "x", ItemEntries: [{ Items: [{ Class: NUL, Path: `/Game/${NUL}` }] }] }],
          },
        ],
      }),
    ],
  ];
  for (const [what, method, target, body] of cases) {
    it(`a NUL in ${what} is a 400 that says so, and writes nothing`, async () => {
      const before = await snapshot(dedicated.database.url);
      const res = await client(url, owner).request(method, target.replace("{hook}", webhookId), { body: body() });
      expect(res.status, `${res.status} ${res.text()}`).toBe(400);
      expect(errorShapeProblem(res)).toBeNull();
      expect(res.json<{ message: string }>().message).toMatch(/NUL|U\+0000/);
      expect(await snapshot(dedicated.database.url)).toEqual(before);
    });
  }

  // A report's text keeps the reporter's words without their control characters, NUL
  // included (reports.test.ts); its ids, and query values, are checked as ids.
  for (const [what, method, target, body] of [
    ["a report's target id", "POST", "/v1/report.php", { target_kind: "user", target_id: NUL, reason: "spam" }],
    ["a search", "GET", `/v1/document.php?search=${encodeURIComponent(NUL)}`, undefined],
    ["an author filter", "GET", `/v1/document.php?author=${encodeURIComponent(NUL)}`, undefined],
    ["a webhook's deliveries", "GET", `/v1/webhook.php/${encodeURIComponent(NUL)}?action=deliveries`, undefined],
  ] as const) {
    it(`a NUL in ${what} is never a 5xx`, async () => {
      const res = await client(url, owner).request(method, target, { body });
      expect(res.status, `${res.status} ${res.text()}`).toBeLessThan(500);
    });
  }

  it("a document nested 3,000 levels deep is a 4xx, first published and as an update", async () => {
    const c = client(url, owner);
    const before = await snapshot(dedicated.database.url);
    const fresh = await c.request("POST", "/v1/document.php", {
      body: `{"Identifier":"${randomUUID()}","Title":"Deep","Deep":${nested(3000)}}`,
      contentType: "application/json",
    });
    expect(fresh.status, fresh.text()).toBe(400);
    const update = await c.request("POST", "/v1/document.php", {
      body: `{"Identifier":"${documentId}","Title":"Seed","Deep":${nested(3000)}}`,
      contentType: "application/json",
    });
    expect(update.status, update.text()).toBe(400);
    expect(update.json<{ message: string }>().message).toMatch(/nested/);
    expect(await snapshot(dedicated.database.url)).toEqual(before);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });
});
