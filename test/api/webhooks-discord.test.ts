// Discord webhooks on each engine: a stand-in that enforces Discord's documented payload
// limits and rate-limit headers (test/support/fake-discord.ts) accepts every message,
// including the one for a 5,000-engram push, and a 429 with retry_after is waited out.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, confirmModOn, dedicatedServer, registerUser, type Dedicated } from "../support/hostile";
import { startFakeDiscord, type FakeDiscord } from "../support/fake-discord";

let server: Dedicated;
let discord: FakeDiscord;

beforeAll(async () => {
  discord = await startFakeDiscord({ limit: 5, windowMs: 2000 });
  server = await dedicatedServer("webhooks-discord", {
    WEBHOOK_ALLOW_PRIVATE_HOSTS: "true",
    WEBHOOK_RETRY_SCALE: "0.01",
  });
});
afterAll(async () => {
  await server?.close();
  await discord?.close();
});

describe("discord webhooks", () => {
  it("posts messages Discord accepts, a 5,000-engram push included, and keeps to its rate limit", async () => {
    const owner = await registerUser(server.server.url);
    const on = client(server.server.url, owner);
    const hook = `/api/webhooks/123456789/tok-${randomUUID()}`;
    const made = await on.request("POST", "/v1/webhook.php", {
      body: {
        url: `${discord.url}${hook}`,
        format: "discord",
        events: ["mod.confirmed", "catalogue.changed", "document.published", "document.updated"],
      },
    });
    expect(made.status, made.text()).toBe(201);
    const mod = await confirmModOn(server.server.url, owner);
    const engrams = Array.from({ length: 5000 }, (_, i) => ({
      path: `/Game/Mods/Big${mod}/Item_${i}.Item_${i}`,
      label: `A rather long engram label number ${i} with *markdown* and @everyone`,
      mod_id: mod,
      environments: ["Island"],
      can_blueprint: true,
    }));
    expect((await on.request("POST", "/v1/engram.php", { body: engrams })).status).toBe(200);
    // Twelve documents at once: more than the 5 messages per 2 s the webhook may send.
    for (let i = 0; i < 12; i++)
      expect(
        (
          await on.request("POST", "/v1/document.php", {
            body: {
              Identifier: randomUUID(),
              Title: `Doc ${i} ${"long title ".repeat(40)}`,
              LootSources: [],
              Version: 2,
            },
          })
        ).status,
      ).toBe(200);
    // One message per event: mod.confirmed, the push's catalogue.changed (on SQLite, which
    // logs no transaction id, a push committed in parts may make two), twelve documents.
    const madeId = made.json<{ webhook_id: string }>().webhook_id;
    const dbDeliveries = async () =>
      (await on.request("GET", `/v1/webhook.php/${madeId}?action=deliveries&limit=100`)).json<{ status: string }[]>();
    const deadline = Date.now() + 90_000;
    for (;;) {
      const all = await dbDeliveries();
      if ((all.length >= 14 && all.every((d) => d.status === "delivered")) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    // At least once: an attempt whose outcome was not recorded (a slow disk timing out the
    // transaction) is sent again; its copies are byte for byte the same message.
    const bodies = new Map(discord.accepted.filter((a) => a.path === hook).map((a) => [JSON.stringify(a.message), a]));
    const mine = [...bodies.values()];
    expect(discord.invalid).toEqual([]);
    expect(mine.length).toBe((await dbDeliveries()).length);
    expect(mine.length).toBeGreaterThanOrEqual(14);
    const added = mine
      .map((a) => /^(\d+) added/.exec(a.message.embeds[0]!.description ?? "")?.[1])
      .reduce((n, v) => n + Number(v ?? 0), 0);
    expect(added).toBe(5000);
    // The worker reads X-RateLimit-Remaining and waits for the reset instead of being refused.
    expect(discord.rateLimited).toBe(0);
    const big = mine.find((a) => /^\d{4} added/.test(a.message.embeds[0]!.description ?? ""))!;
    expect(big.message.embeds[0]!.fields![0]!.value).toMatch(/and \d+ more$/);
    expect(big.message.embeds[0]!.fields!.at(-1)!.name).toBe("Not listed");
  });

  it("waits out a 429 (retry_after) and then delivers, without spending an attempt", async () => {
    const owner = await registerUser(server.server.url);
    const on = client(server.server.url, owner);
    const hook = `/api/webhooks/987654321/tok-${randomUUID()}`;
    const made = (
      await on.request("POST", "/v1/webhook.php", {
        body: { url: `${discord.url}${hook}`, format: "discord", events: ["document.published"] },
      })
    ).json<{ webhook_id: string }>();
    discord.throttleNext.set(hook, 1);
    const before = discord.accepted.filter((a) => a.path === hook).length;
    await on.request("POST", "/v1/document.php", {
      body: { Identifier: randomUUID(), Title: "Throttled", LootSources: [], Version: 2 },
    });
    type Delivery = { status: string; attempts: number; log: { status: number; attempted_at: string }[] };
    let delivery: Delivery | undefined;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      [delivery] = (await on.request("GET", `/v1/webhook.php/${made.webhook_id}?action=deliveries`)).json<Delivery[]>();
      if (delivery?.status === "delivered") break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(discord.accepted.filter((a) => a.path === hook).length).toBe(before + 1);
    expect(delivery!.status).toBe("delivered");
    expect(delivery!.log.map((l) => l.status)).toEqual([429, 204]);
    expect(delivery!.attempts).toBe(1);
    const waited = Date.parse(delivery!.log[1]!.attempted_at) - Date.parse(delivery!.log[0]!.attempted_at);
    expect(waited).toBeGreaterThanOrEqual(900); // the stand-in's window had about 2 s left: retry_after said so
  });
});
