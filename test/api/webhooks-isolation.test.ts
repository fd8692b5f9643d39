// On each engine, one account's receivers cannot delay another account's
// deliveries or the Atom feeds. Eight webhooks at a receiver that accepts connections and
// never answers (a stand-in at the network edge), and 64 test sends to them, then another
// account publishes: its delivery and its feed entry arrive in under 5 s. Before the fix
// the worker waited for each whole claim (10 s per unanswered attempt, one webhook's
// attempts in a row): 158 s for the delivery and 79 s for the feed entry.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { parseAtom } from "../support/atom";
import { client, dedicatedServer, registerUser, type Dedicated } from "../support/hostile";
import { verifiedByReference } from "../support/standard-webhooks";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

const engine = inject("engine");
let server: Dedicated;
let silent: Receiver;
let receiver: Receiver;

beforeAll(async () => {
  silent = await startReceiver();
  silent.answer = () => {}; // reads the request, never answers: each attempt waits out its 10 s
  receiver = await startReceiver();
  server = await dedicatedServer("webhooks-isolation", { WEBHOOK_ALLOW_PRIVATE_HOSTS: "true" });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await silent?.close();
  await receiver?.close();
});

const on = (who?: Identity) => client(server.server.url, who);

async function webhook(who: Identity, url: string) {
  const res = await on(who).request("POST", "/v1/webhook.php", { body: { url, events: ["document.published"] } });
  expect(res.status, res.text()).toBe(201);
  return res.json<{ webhook_id: string; secret: string }>();
}

describe(`webhook receivers are isolated from each other on ${engine}`, () => {
  it("a never-answering receiver with 64 test sends delays another account's delivery and feed entry by under 5 s", async () => {
    const attacker = await registerUser(server.server.url);
    const victim = await registerUser(server.server.url);
    const hooks = [];
    for (let i = 0; i < 8; i++) hooks.push(await webhook(attacker, `${silent.url}/hang/${i}`));
    for (const hook of hooks)
      for (let i = 0; i < 8; i++) {
        const sent = await on(attacker).request("POST", `/v1/webhook.php/${hook.webhook_id}?action=test`);
        expect(sent.status, sent.text()).toBe(200);
      }
    // The silent receiver is being held up before the other account writes.
    await silent.waitFor((all) => all.length >= 2, 30_000);
    const mine = await webhook(victim, `${receiver.url}/victim`);

    const documentId = randomUUID();
    const published = Date.now();
    const res = await on(victim).request("POST", "/v1/document.php", {
      body: { Identifier: documentId, Title: "Not held up", LootSources: [], Version: 2 },
    });
    expect(res.status, res.text()).toBe(200);

    const feedPath = `/feeds/authors/${victim.userId}.atom`;
    let feedAt: number | null = null;
    const feed = (async () => {
      while (Date.now() - published < 30_000) {
        const page = await fetch(`${server.server.url}${feedPath}`);
        if (page.status === 200 && parseAtom(await page.text()).entries.length > 0) return (feedAt = Date.now());
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await receiver.waitFor((all) => all.some((r) => r.path === "/victim"), 30_000);
    await feed;
    const delivered = receiver.received.find((r) => r.path === "/victim")!;
    const delay = delivered.at - published;
    console.log(
      `[webhooks-isolation] ${engine}: delivery after ${delay} ms, feed entry after ${feedAt === null ? "never" : feedAt - published} ms; ` +
        `the silent receiver had ${silent.received.length} requests`,
    );
    expect(delay).toBeLessThan(5000);
    expect(feedAt).not.toBeNull();
    expect(feedAt! - published).toBeLessThan(5000);
    // Signed exactly as before (Standard Webhooks, checked by the reference library).
    expect(verifiedByReference(mine.secret, delivered)).toEqual({ valid: true, signatures: 1 });
    expect(
      (JSON.parse(delivered.body) as { data: { document: { document_id: string } } }).data.document.document_id,
    ).toBe(documentId);
    // Each unanswered request is held 10 s: never more than four of the attacker's
    // webhooks (PER_ACCOUNT) were waiting at once, where the old worker held all eight.
    const overlapping = silent.received.map(
      (r) => silent.received.filter((o) => o.at <= r.at && o.at > r.at - 9000).length,
    );
    expect(Math.max(...overlapping)).toBeLessThanOrEqual(4);
  }, 120_000);
});
