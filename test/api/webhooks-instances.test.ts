// Delivery never loses an event: two instances on one PostgreSQL database (its own),
// 200 writes of mixed kinds (documents published, republished and deleted, engrams
// pushed for ten mods) sent to either instance, one instance SIGKILLed half-way. A
// loopback receiver must then hold every event the database made for the webhook at
// least once, each event's copies with one webhook-id and the same body, and every
// document write and every engram pushed must be in some event. PostgreSQL only:
// several instances need it.
//
// Writes to one document overlap on purpose (four writers, a pool of a few documents):
// an update whose document is deleted while it is in flight may commit after the
// delete, and then (v1's POST is an upsert) it publishes the document anew at revision
// 1. Its event is then `document.published`, not `document.updated`; every document
// write is therefore found by its own title (each write's is unique), in the event its
// outcome makes.
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createClient } from "@/lib/client/http";
import type { Identity } from "@/lib/client/identity";
import { createDb, type Db } from "@/lib/db/client";
import { confirmModOn, dedicatedServer, registerUser, type Dedicated } from "../support/hostile";
import { killServer } from "../support/kill-server";
import { startServer, type TestServer } from "../support/test-server";
import { verifiedByReference } from "../support/standard-webhooks";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

const WRITES = 200;

describe.runIf(inject("engine") === "postgresql")("webhook delivery with two instances, one killed", () => {
  let dedicated: Dedicated;
  let second: TestServer;
  let receiver: Receiver;
  let database: Db;
  beforeAll(async () => {
    receiver = await startReceiver();
    // A short schedule and lease (2 s), so the killed instance's claims are taken over within the test.
    const env = {
      WEBHOOK_ALLOW_PRIVATE_HOSTS: "true",
      WEBHOOK_RETRY_SCALE: "0.01",
      AUTH_SECRET: "a-shared-auth-secret-for-both-instances",
    };
    dedicated = await dedicatedServer("webhook-instances", env);
    second = await startServer({
      DATABASE_URL: dedicated.database.url,
      STEAM_API_URL: inject("steamUrl"),
      BASE_URL: dedicated.server.url,
      ...env,
    });
    database = createDb(dedicated.database.url);
  }, 180_000);
  afterAll(async () => {
    await database?.$disconnect();
    await second?.stop();
    await dedicated?.close();
    await receiver?.close();
  });

  it("delivers every event at least once with one webhook-id each, none missing", async () => {
    const urls = [dedicated.server.url, second.url];
    let alive = [0, 1];
    const send = (who: Identity, method: string, target: string, body?: unknown) =>
      createClient({ serverUrl: urls[alive[randomInt(alive.length)]!]!, baseUrl: urls[0], identity: who }).request(
        method,
        target,
        body === undefined ? {} : { body },
      );
    const owner = await registerUser(urls[0]!);
    const made = (
      await send(owner, "POST", "/v1/webhook.php", {
        url: `${receiver.url}/hook`,
        events: ["catalogue.changed", "document.published", "document.updated", "document.deleted"],
      })
    ).json<{ webhook_id: string; secret: string }>();
    // The receiver is slow enough that deliveries are in flight when the instance dies.
    receiver.answer = (_r, res) => setTimeout(() => res.writeHead(200).end("ok"), 20);
    const mods = await Promise.all(Array.from({ length: 10 }, () => confirmModOn(urls[0]!, owner)));
    const docs: string[] = [];
    /** acknowledged document writes: the document and the title the write gave it */
    type DocWrite = { id: string; title: string };
    const expected = {
      published: [] as DocWrite[],
      updated: [] as DocWrite[],
      deleted: new Set<string>(),
      uids: new Set<string>(),
    };
    /** documents with a delete in flight or done: an update of one may have re-published it */
    const deleting = new Set<string>();
    const writes: (() => Promise<void>)[] = [];
    let lost = 0;
    let killing = false;
    for (let i = 0; i < WRITES; i++) {
      const kind = i % 4;
      writes.push(async () => {
        let res;
        try {
          if (kind === 0 || docs.length === 0) {
            const id = randomUUID();
            const title = `Doc ${i}`;
            res = await send(owner, "POST", "/v1/document.php", {
              Identifier: id,
              Title: title,
              LootSources: [],
              Version: 2,
            });
            if (res.status === 200) {
              docs.push(id);
              expected.published.push({ id, title });
            }
          } else if (kind === 1) {
            const id = docs[randomInt(docs.length)]!;
            const title = `Doc ${i} again`;
            res = await send(owner, "POST", "/v1/document.php", {
              Identifier: id,
              Title: title,
              LootSources: [],
              Version: 2,
            });
            if (res.status === 200) expected.updated.push({ id, title });
          } else if (kind === 2 && docs.length > 3) {
            const id = docs.splice(randomInt(docs.length), 1)[0]!;
            deleting.add(id);
            res = await send(owner, "DELETE", `/v1/document.php/${id}`);
            if (res.status === 200) expected.deleted.add(id);
          } else {
            const mod = mods[i % mods.length]!;
            const path = `/Game/Mods/Inst${mod}/Item${i}.Item${i}`;
            res = await send(owner, "POST", "/v1/engram.php", [
              { path, label: `Item ${i}`, mod_id: mod, environments: ["Island"], can_blueprint: true },
            ]);
            if (res.status === 200) expected.uids.add(path);
          }
        } catch (err) {
          // A request in flight to the instance as it was killed: its outcome is unknown, so it is not expected.
          if (!killing || !/fetch failed|ECONNRESET|ECONNREFUSED|socket|closed/i.test(String((err as Error).message)))
            throw err;
          lost++;
          return;
        }
        if (res) expect([200, 201], `${res.status} ${res.text()}`).toContain(res.status);
      });
    }
    // Four writers at a time; the first instance is killed half-way.
    let next = 0;
    const writer = async () => {
      while (next < writes.length) {
        const n = next++;
        if (n === WRITES / 2) {
          killing = true;
          await killServer(dedicated.server);
          alive = [1];
        }
        await writes[n]!();
      }
    };
    await Promise.all(Array.from({ length: 4 }, writer));

    // Every event the database made for the webhook, received at least once.
    const wanted = async () =>
      (
        await database.webhookDelivery.findMany({ where: { webhookId: made.webhook_id }, select: { eventId: true } })
      ).map((d) => d.eventId);
    const deadline = Date.now() + 90_000;
    let missing: string[] = [];
    for (;;) {
      const got = new Set(receiver.received.map((r) => String(r.headers["webhook-id"])));
      missing = (await wanted()).filter((id) => !got.has(id));
      if ((missing.length === 0 && (await database.eventOutbox.count()) === 0) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(missing).toEqual([]);
    const bodies = new Map<string, string>();
    for (const r of receiver.received) {
      const id = String(r.headers["webhook-id"]);
      expect(verifiedByReference(made.secret, r)).toMatchObject({ valid: true });
      if (bodies.has(id)) expect(r.body).toBe(bodies.get(id));
      bodies.set(id, r.body);
    }
    // None missing: every document write and every engram pushed is in an event received.
    const events = [...bodies.values()].map(
      (b) =>
        JSON.parse(b) as {
          type: string;
          data: {
            document?: { document_id: string; name: string; revision: number };
            items?: { uid: string; label: string }[];
          };
        },
    );
    const docEvents = events.filter((e) => e.data.document);
    // The write's own event (a later delete's event names the title the document had then).
    const typesOf = (w: DocWrite) =>
      docEvents
        .filter(
          (e) =>
            e.type !== "document.deleted" && e.data.document!.document_id === w.id && e.data.document!.name === w.title,
        )
        .map((e) => `${e.type}@${e.data.document!.revision}`);
    // (A write cut by the kill may have committed too: its event is there, just not expected.)
    for (const w of expected.published) expect(typesOf(w), w.title).toEqual(["document.published@1"]);
    let republished = 0;
    for (const w of expected.updated) {
      const types = typesOf(w);
      // Exactly one event carries this write's title: an update at revision 2 or more, or
      // (its document deleted under it) a publication anew at revision 1.
      expect(types, `${w.id} ${w.title}`).toHaveLength(1);
      if (types[0] === "document.published@1") {
        expect(deleting.has(w.id), `${w.id} re-published though never deleted`).toBe(true);
        republished++;
      } else expect(types[0], `${w.id} ${w.title}`).toMatch(/^document\.updated@([2-9]|\d\d+)$/);
    }
    const deletedIds = new Set(
      docEvents.filter((e) => e.type === "document.deleted").map((e) => e.data.document!.document_id),
    );
    for (const id of expected.deleted) expect(deletedIds.has(id), id).toBe(true);
    const labels = new Set(
      events.flatMap((e) => (e.type === "catalogue.changed" ? e.data.items!.map((i) => i.label) : [])),
    );
    for (const path of expected.uids)
      expect(labels.has(`Item ${path.split("/Item")[1]!.split(".")[0]}`), path).toBe(true);
    const duplicates = receiver.received.length - bodies.size;
    console.log(
      `webhooks, two instances: ${bodies.size} events, ${receiver.received.length} requests (${duplicates} repeated after the kill), ${lost} writes cut by the kill, ${republished} updates that re-published a document deleted under them`,
    );
    expect(
      await database.webhookDelivery.count({ where: { webhookId: made.webhook_id, status: { not: "delivered" } } }),
    ).toBe(0);
  }, 240_000);
});
