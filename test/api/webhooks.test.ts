// Webhooks on each engine, against a real server and a loopback receiver: the API
// (owner only), the address guard and its test switch, every event type signed as
// Standard Webhooks says, retries with growing delays, rotation, redelivery, test
// events, moderators' actions told to the author's webhooks alone, and no secret in the
// server's log.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { createDb, type Db } from "@/lib/db/client";
import { gameUidOf } from "@/lib/engrams/derive";
import {
  dismissReports,
  hideDocument,
  reinstateUser,
  removeDocument,
  restoreDocument,
  suspendUser,
} from "@/lib/moderation/actions";
import { grantRole } from "@/lib/moderation/roles";
import { reconcileSchedules } from "@/lib/pull/pull-state";
import { runPull } from "@/lib/pull/run-pull";
import { api } from "../support/api";
import { newProjectId } from "../support/curseforge";
import { client, confirmModOn, dedicatedServer, registerUser, type Dedicated } from "../support/hostile";
import { verifiedByReference } from "../support/standard-webhooks";
import { startReceiver, type Received, type Receiver } from "../support/webhook-receiver";

let server: Dedicated;
let receiver: Receiver;
let database: Db;
const secrets: string[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  // Retries 5 times sooner than in production: 1 s, 3 s, 9 s (a busy disk adds up to a second a commit)
  server = await dedicatedServer("webhooks", { WEBHOOK_ALLOW_PRIVATE_HOSTS: "true", WEBHOOK_RETRY_SCALE: "0.2" });
  database = createDb(server.database.url);
});
afterAll(async () => {
  await database?.$disconnect();
  await server?.close();
  await receiver?.close();
});

const on = (who?: Identity) => client(server.server.url, who);
const ALL = [
  "mod.confirmed",
  "mod.deleted",
  "catalogue.changed",
  "document.published",
  "document.updated",
  "document.deleted",
  "pull.failed",
];

async function webhook(who: Identity, body: Record<string, unknown>) {
  const res = await on(who).request("POST", "/v1/webhook.php", { body });
  expect(res.status, res.text()).toBe(201);
  const made = res.json<{ webhook_id: string; secret: string }>();
  secrets.push(made.secret);
  return made;
}

/** A creature row of no mod (the base game's) of `game`, as the shipped catalogue's rows are. */
function creatureRow(path: string, game: "ase" | "asa") {
  const className = `${path.split(".").at(-1)}_C`;
  const label = `Hook Raptor ${path.split("/")[3]!.slice("Hook".length)}`;
  return {
    uid: gameUidOf(path, game),
    path,
    className,
    classKey: className.toLowerCase(),
    label,
    environments: 0,
    game,
  };
}

const eventsAt = (path: string) =>
  receiver.received
    .filter((r) => r.path === path)
    .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });

// Checked by the Standard Webhooks reference library, never by our own verifier.
function verified(r: Received, secret: string) {
  return verifiedByReference(secret, r);
}

describe("the webhook API", () => {
  it("makes, lists, changes and deletes a user's webhooks; the secret is shown once; a stranger gets 404", async () => {
    const owner = await registerUser(server.server.url);
    const stranger = await registerUser(server.server.url);
    const made = await webhook(owner, { url: `${receiver.url}/api`, events: ["document.published"] });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(made.secret.slice(6), "base64")).toHaveLength(32);
    const listed = (await on(owner).request("GET", "/v1/webhook.php")).json<Record<string, unknown>[]>();
    expect(listed).toEqual([
      expect.objectContaining({ webhook_id: made.webhook_id, format: "standard", enabled: true }),
    ]);
    expect(JSON.stringify(listed)).not.toContain("whsec_");
    for (const [method, target] of [
      ["GET", `/v1/webhook.php/${made.webhook_id}`],
      ["DELETE", `/v1/webhook.php/${made.webhook_id}`],
      ["POST", `/v1/webhook.php/${made.webhook_id}?action=rotate`],
      ["GET", `/v1/webhook.php/${made.webhook_id}?action=deliveries`],
    ] as const)
      expect((await on(stranger).request(method, target)).status, `${method} ${target}`).toBe(404);
    expect((await on(stranger).request("GET", "/v1/webhook.php")).json()).toEqual([]);
    expect((await on().request("GET", "/v1/webhook.php")).status).toBe(401);
    const changed = await on(owner).request("PATCH", `/v1/webhook.php/${made.webhook_id}`, {
      body: { events: ["document.updated", "document.deleted"], description: "docs" },
    });
    expect(changed.json()).toMatchObject({ events: ["document.updated", "document.deleted"], description: "docs" });
    for (const bad of [
      { url: "ftp://x.example/", events: ["mod.confirmed"] },
      { url: `${receiver.url}/x`, events: [] },
      { url: `${receiver.url}/x`, events: ["user.created"] },
      { url: `${receiver.url}/x`, events: ["mod.confirmed"], format: "slack" },
      { url: `${receiver.url}/x`, events: ["mod.confirmed"], mod_ids: ["abc"] },
      { url: "https://user:pw@example.com/", events: ["mod.confirmed"] },
    ])
      expect((await on(owner).request("POST", "/v1/webhook.php", { body: bad })).status, JSON.stringify(bad)).toBe(400);
    expect((await on(owner).request("DELETE", `/v1/webhook.php/${made.webhook_id}`)).status).toBe(200);
    expect((await on(owner).request("GET", "/v1/webhook.php")).json()).toEqual([]);
  });

  it("refuses a private or loopback address unless the operator's test switch is on", async () => {
    // The suite's shared server runs with the switch off, as production does.
    const who = await registerUser(inject("serverUrl"));
    for (const url of [
      receiver.url,
      receiver.url.replace("127.0.0.1", "localhost"),
      "http://[::ffff:127.0.0.1]/",
      "http://[::127.0.0.1]/",
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
    ]) {
      const res = await api(who).request("POST", "/v1/webhook.php", { body: { url, events: ["mod.confirmed"] } });
      expect(res.status, url).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(
        "The webhook URL cannot be used: this address is not allowed (only public internet addresses are).",
      );
    }
  });
});

describe("deliveries", () => {
  it("delivers every event type, signed per Standard Webhooks, with the payloads documented", async () => {
    const owner = await registerUser(server.server.url);
    const made = await webhook(owner, { url: `${receiver.url}/all`, events: ALL });
    const mod = await confirmModOn(server.server.url, owner);
    const path = `/Game/Mods/Hook${mod}/Axe.Axe`;
    const pushed = await on(owner).request("POST", "/v1/engram.php", {
      body: [{ path, label: "Hook Axe", mod_id: mod, environments: ["Island"], can_blueprint: true }],
    });
    expect(pushed.status, pushed.text()).toBe(200);
    const docId = randomUUID();
    const doc = { Identifier: docId, Title: "Hooked loot", Description: "x", LootSources: [], Version: 2 };
    expect((await on(owner).request("POST", "/v1/document.php", { body: doc })).status).toBe(200);
    expect(
      (await on(owner).request("POST", "/v1/document.php", { body: { ...doc, Title: "Hooked loot 2" } })).status,
    ).toBe(200);
    expect((await on(owner).request("DELETE", `/v1/document.php/${docId}`)).status).toBe(200);
    // A failed pull (the pull job runs here, on the server's database: its trigger fills the outbox).
    await on(owner).request("POST", "/v1/mod.php", { body: { mod_id: mod, pull_url: `${receiver.url}/no-such-file` } });
    receiver.answer = (r, res) => res.writeHead(r.path === "/no-such-file" ? 404 : 200).end();
    await reconcileSchedules(database);
    expect(
      await runPull(database, mod, {
        instanceId: "t",
        intervalSeconds: 3600,
        guard: { allowPrivate: true },
        force: true,
      }),
    ).toMatchObject({ status: "error" });
    expect((await on(owner).request("DELETE", `/v1/mod.php/${mod}`)).status).toBe(200);
    await receiver.waitFor(() => eventsAt("/all").some((e) => e.type === "mod.deleted"));
    await new Promise((r) => setTimeout(r, 1500)); // anything late would show now
    receiver.answer = (_r, res) => res.writeHead(200).end("ok");

    const hits = receiver.received.filter((r) => r.path === "/all");
    for (const r of hits) {
      expect(verified(r, made.secret)).toMatchObject({ valid: true });
      expect(r.headers["content-type"]).toBe("application/json");
      expect(Math.abs(Number(r.headers["webhook-timestamp"]) * 1000 - r.at)).toBeLessThan(5000);
      expect(r.headers["webhook-id"]).toMatch(/^evt_[A-Za-z0-9_-]{22}$/);
    }
    const events = eventsAt("/all");
    // Receivers get no order promise (retries reorder anyway): the types, each once.
    expect(events.map((e) => e.type).sort()).toEqual(
      [
        "mod.confirmed",
        "catalogue.changed",
        "document.published",
        "document.updated",
        "document.deleted",
        "pull.failed",
        "mod.deleted",
        "catalogue.changed",
      ].sort(),
    );
    const byType = (t: string) => events.filter((e) => e.type === t);
    expect(byType("mod.confirmed")[0]!.data).toMatchObject({
      mod: { mod_id: mod, owner_id: owner.userId, url: `${server.server.url}/spawn/?mod_id=${mod}`, game: "ase" },
    });
    const [added, removed] = byType("catalogue.changed").sort((a) =>
      (a.data.counts as { added: number }).added ? -1 : 1,
    );
    expect(added!.data).toMatchObject({
      mod: { mod_id: mod },
      counts: { added: 1, updated: 0, removed: 0 },
      items: [{ label: "Hook Axe", kind: "engram", change: "added" }],
      items_omitted: 0,
      changes_url: `${server.server.url}/v1/changes.php`,
      game: "ase",
    });
    expect(removed!.data).toMatchObject({ counts: { added: 0, updated: 0, removed: 1 } });
    expect(byType("document.updated")[0]!.data).toMatchObject({
      document: {
        document_id: docId,
        name: "Hooked loot 2",
        revision: 2,
        author_id: owner.userId,
        url: `${server.server.url}/documents/${docId}`,
      },
    });
    expect(byType("pull.failed")[0]!.data).toMatchObject({
      mod: { mod_id: mod },
      message: expect.stringContaining("HTTP 404"),
    });
  });

  it("retries a receiver answering 500 three times, then 200: four attempts, growing delays, one webhook-id", async () => {
    const owner = await registerUser(server.server.url);
    const made = await webhook(owner, { url: `${receiver.url}/flaky`, events: ["document.published"] });
    let failures = 0;
    receiver.answer = (r, res) => {
      if (r.path === "/flaky" && failures < 3) {
        failures++;
        return res.writeHead(500, { "content-type": "text/plain" }).end(`broken ${failures}`);
      }
      res.writeHead(200).end("ok");
    };
    expect(
      (
        await on(owner).request("POST", "/v1/document.php", {
          body: { Identifier: randomUUID(), Title: "Flaky", LootSources: [], Version: 2 },
        })
      ).status,
    ).toBe(200);
    await receiver.waitFor((all) => all.filter((r) => r.path === "/flaky").length === 4);
    receiver.answer = (_r, res) => res.writeHead(200).end("ok");
    const attempts = receiver.received.filter((r) => r.path === "/flaky");
    expect(new Set(attempts.map((a) => a.headers["webhook-id"])).size).toBe(1);
    // The log: four attempts, the first three 500 with their answer, growing delays.
    let log: { status: number | null; attempted_at: string; response: string }[] = [];
    for (let i = 0; i < 50 && log.length < 4; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const [delivery] = (await on(owner).request("GET", `/v1/webhook.php/${made.webhook_id}?action=deliveries`)).json<
        { status: string; attempts: number; log: typeof log }[]
      >();
      if (delivery!.status === "delivered") {
        expect(delivery).toMatchObject({ attempts: 4 });
        log = delivery!.log;
      }
    }
    expect(log.map((a) => a.status)).toEqual([500, 500, 500, 200]);
    expect(log[0]!.response).toBe("broken 1");
    const times = log.map((a) => Date.parse(a.attempted_at));
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps[1]!).toBeGreaterThan(gaps[0]!);
    expect(gaps[2]!).toBeGreaterThan(gaps[1]!);
  });

  it("signs with the old and the new secret for a day after a rotation; redelivers with the same webhook-id; sends test events", async () => {
    const owner = await registerUser(server.server.url);
    const made = await webhook(owner, { url: `${receiver.url}/rotate`, events: ["document.published"] });
    const rotated = (await on(owner).request("POST", `/v1/webhook.php/${made.webhook_id}?action=rotate`)).json<{
      secret: string;
      previous_secret_until: string;
    }>();
    secrets.push(rotated.secret);
    expect(rotated.secret).not.toBe(made.secret);
    const hours = (Date.parse(rotated.previous_secret_until) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    const test = await on(owner).request("POST", `/v1/webhook.php/${made.webhook_id}?action=test`);
    expect(test.status).toBe(200);
    await receiver.waitFor((all) => all.some((r) => r.path === "/rotate"));
    const first = receiver.received.find((r) => r.path === "/rotate")!;
    expect(JSON.parse(first.body)).toMatchObject({ type: "webhook.test", data: { webhook_id: made.webhook_id } });
    expect(String(first.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    // Two signatures during the rotation, each valid under its own secret.
    expect(verified(first, rotated.secret)).toEqual({ valid: true, signatures: 2 });
    expect(verified(first, made.secret)).toEqual({ valid: true, signatures: 2 });
    expect(verified(first, `whsec_${Buffer.alloc(32, 7).toString("base64")}`)).toMatchObject({ valid: false });
    const deliveryId = test.json<{ delivery_id: string }>().delivery_id;
    const again = await on(owner).request("POST", `/v1/webhook.php/${made.webhook_id}?action=redeliver`, {
      body: { delivery_id: deliveryId },
    });
    expect(again.status).toBe(200);
    await receiver.waitFor((all) => all.filter((r) => r.path === "/rotate").length === 2);
    const [a, b] = receiver.received.filter((r) => r.path === "/rotate");
    expect(b!.headers["webhook-id"]).toBe(a!.headers["webhook-id"]);
    expect(b!.body).toBe(a!.body);
  });

  it("tells the author's own webhooks of each moderator action, with the reason; nobody else's", async () => {
    const [author, follower, moderator] = await Promise.all(
      [0, 1, 2].map(() => registerUser(server.server.url, "ed25519")),
    );
    await grantRole(database, { userId: moderator!.userId, role: "moderator", actor: { kind: "console" } });
    const actor = { kind: "user", userId: moderator!.userId } as const;
    await webhook(author!, { url: `${receiver.url}/notices`, events: ["moderation.notice"] });
    const theirs = await webhook(follower!, {
      url: `${receiver.url}/follower`,
      events: ["moderation.notice"],
      author_ids: [author!.userId],
    });
    const id = randomUUID();
    const doc = { Identifier: id, Title: "Moderated loot", Description: "", Version: 1 };
    expect((await on(author).request("POST", "/v1/document.php", { body: doc })).status).toBe(200);
    const user = { kind: "user", id: author!.userId } as const;
    await dismissReports(database, { actor, target: user, reason: "Nothing to see" });
    await hideDocument(database, { actor, documentId: id, reason: "Spam links" });
    await restoreDocument(database, { actor, documentId: id, reason: "Links gone" });
    await suspendUser(database, { actor, userId: author!.userId, reason: "Spam everywhere" });
    await reinstateUser(database, { actor, userId: author!.userId, reason: "Promised to stop" });
    await removeDocument(database, { actor, documentId: id, reason: "Stolen" });
    await receiver.waitFor(() => eventsAt("/notices").length >= 5);

    const base = server.server.url;
    const page = { kind: "document", id, name: "Moderated loot", url: `${base}/documents/${id}` };
    const account = { kind: "user", id: author!.userId, name: `user ${author!.userId.slice(0, 8)}`, url: null };
    const told = eventsAt("/notices").map((e) => [e.type, e.data]);
    const notice = (action: string, target: object, reason: string) => [
      "moderation.notice",
      { action, target, reason, user_id: author!.userId, dashboard_url: `${base}/dashboard` },
    ];
    // Receivers get no order promise: each action once; dismissing tells no one.
    expect(told).toHaveLength(5);
    expect(told).toEqual(
      expect.arrayContaining([
        notice("hide", page, "Spam links"),
        notice("restore", page, "Links gone"),
        notice("suspend", account, "Spam everywhere"),
        notice("reinstate", account, "Promised to stop"),
        notice("remove", { ...page, url: null }, "Stolen"),
      ]),
    );
    // every notice is an event by now (its delivery went out): none was made for the follower
    expect(await database.webhookEvent.count({ where: { type: "moderation.notice", userId: author!.userId } })).toBe(5);
    expect(await database.webhookDelivery.count({ where: { webhookId: theirs.webhook_id } })).toBe(0);
  });

  it("tells only the author's webhooks of their edits to a hidden document; everyone's again once restored", async () => {
    const [author, follower, moderator] = await Promise.all(
      [0, 1, 2].map(() => registerUser(server.server.url, "ed25519")),
    );
    await grantRole(database, { userId: moderator!.userId, role: "moderator", actor: { kind: "console" } });
    const actor = { kind: "user", userId: moderator!.userId } as const;
    await webhook(author!, { url: `${receiver.url}/hidden-author`, events: ["document.updated"] });
    const theirs = await webhook(follower!, { url: `${receiver.url}/hidden-follower`, events: ["document.updated"] });
    const id = randomUUID();
    const publish = (title: string) =>
      on(author).request("POST", "/v1/document.php", {
        body: { Identifier: id, Title: title, Description: "", Version: 1 },
      });
    expect((await publish("Hidden loot")).status).toBe(200);
    await hideDocument(database, { actor, documentId: id, reason: "Spam links" });
    expect((await publish("Hidden loot, edited")).status).toBe(200);
    await receiver.waitFor(() => eventsAt("/hidden-author").length >= 1);
    const updated = await database.webhookEvent.findMany({ where: { type: "document.updated", documentId: id } });
    expect(updated).toHaveLength(1);
    // the event exists and was delivered to its author: none was made for the follower
    expect(await database.webhookDelivery.count({ where: { webhookId: theirs.webhook_id } })).toBe(0);
    await restoreDocument(database, { actor, documentId: id, reason: "Links gone" });
    expect((await publish("Visible loot")).status).toBe(200);
    await receiver.waitFor(() => eventsAt("/hidden-follower").length >= 1 && eventsAt("/hidden-author").length >= 2);
    expect(eventsAt("/hidden-follower").map((e) => (e.data.document as { name: string }).name)).toEqual([
      "Visible loot",
    ]);
    expect(eventsAt("/hidden-author")).toHaveLength(2);
  });

  it("tells only the author's webhooks that a hidden document was deleted; a visible one's deletion goes to everyone", async () => {
    const [author, follower, moderator] = await Promise.all(
      [0, 1, 2].map(() => registerUser(server.server.url, "ed25519")),
    );
    await grantRole(database, { userId: moderator!.userId, role: "moderator", actor: { kind: "console" } });
    const actor = { kind: "user", userId: moderator!.userId } as const;
    await webhook(author!, { url: `${receiver.url}/gone-author`, events: ["document.deleted"] });
    const theirs = await webhook(follower!, { url: `${receiver.url}/gone-follower`, events: ["document.deleted"] });
    const [hidden, visible] = [randomUUID(), randomUUID()];
    for (const [id, title] of [
      [hidden, "Hidden, then deleted"],
      [visible, "Visible, then deleted"],
    ] as const) {
      const published = await on(author).request("POST", "/v1/document.php", {
        body: { Identifier: id, Title: title, Description: "", Version: 1 },
      });
      expect(published.status).toBe(200);
    }
    await hideDocument(database, { actor, documentId: hidden, reason: "Spam links" });
    expect((await on(author).request("DELETE", `/v1/document.php/${hidden}`)).status).toBe(200);
    expect((await on(author).request("DELETE", `/v1/document.php/${visible}`)).status).toBe(200);
    await receiver.waitFor(() => eventsAt("/gone-author").length >= 2 && eventsAt("/gone-follower").length >= 1);
    const names = (path: string) => eventsAt(path).map((e) => (e.data.document as { name: string }).name);
    expect(names("/gone-author").sort()).toEqual(["Hidden, then deleted", "Visible, then deleted"]);
    // the follower heard of the visible one only: no delivery was ever made of the hidden one
    expect(names("/gone-follower")).toEqual(["Visible, then deleted"]);
    expect(await database.webhookDelivery.count({ where: { webhookId: theirs.webhook_id } })).toBe(1);
  });

  it("names ASA in the events of an ASA mod and of ASA's base game, which are events of their own", async () => {
    const owner = await registerUser(server.server.url);
    const made = await webhook(owner, { url: `${receiver.url}/asa`, events: ALL });
    // An ASA mod as a confirmed CurseForge registration leaves it (test/api/asa-mods.test.ts confirms one
    // through the stand-in CurseForge); its triggers make its events as the confirmation's would.
    const mod = String(newProjectId());
    await database.modRegistration.create({
      data: {
        userId: owner.userId,
        workshopId: mod,
        name: `Ascended Hooks ${mod}`,
        confirmationCode: randomUUID(),
        confirmed: true,
        confirmedModId: mod,
        confirmedAt: new Date(),
        game: "asa",
      },
    });
    const path = `/Game/Mods/AsaHook${mod}/Pick.Pick`;
    const pushed = await on(owner).request("POST", "/v1/engram.php", {
      body: [{ path, label: "Ascended Pick", mod_id: mod, environments: ["Island"] }],
    });
    expect(pushed.status, pushed.text()).toBe(200);
    // A row of ASA's base game and one of ASE's in one transaction: two events, one per game.
    const [asaRaptor, aseRaptor] = [`/Game/ASA/Hook${mod}/Raptor.Raptor`, `/Game/PrimalEarth/Hook${mod}/Raptor.Raptor`];
    await database.$transaction([
      database.creature.create({ data: creatureRow(asaRaptor, "asa") }),
      database.creature.create({ data: creatureRow(aseRaptor, "ase") }),
    ]);
    expect((await on(owner).request("DELETE", `/v1/asa-mod.php/${mod}`)).status).toBe(200);
    const base = server.server.url;
    const ofMod = () => eventsAt("/asa").filter((e) => (e.data.mod as { mod_id?: string } | null)?.mod_id === mod);
    const baseGame = (game: string) =>
      eventsAt("/asa").filter(
        (e) =>
          e.type === "catalogue.changed" &&
          e.data.mod === null &&
          (e.data.items as { label: string }[]).some((i) => i.label === `Hook Raptor ${mod}`) &&
          e.data.game === game,
      );
    // Receivers get no order promise: wait for all of them.
    const itemsOfMod = () =>
      ofMod()
        .filter((e) => e.type === "catalogue.changed")
        .flatMap((e) => e.data.items as { change: string }[]);
    await receiver.waitFor(
      () =>
        ofMod().filter((e) => e.type !== "catalogue.changed").length >= 2 &&
        itemsOfMod().length >= 2 &&
        baseGame("asa").length + baseGame("ase").length >= 2,
    );
    await new Promise((r) => setTimeout(r, 1000)); // anything more (a third game-less event) would show now
    for (const r of receiver.received.filter((x) => x.path === "/asa"))
      expect(verified(r, made.secret)).toMatchObject({ valid: true });

    const modRef = {
      mod_id: mod,
      name: `Ascended Hooks ${mod}`,
      owner_id: owner.userId,
      url: `${base}/spawn/?game=asa&mod_id=${mod}`,
      game: "asa",
    };
    const events = ofMod();
    expect(
      events
        .filter((e) => e.type !== "catalogue.changed")
        .map((e) => e.type)
        .sort(),
    ).toEqual(["mod.confirmed", "mod.deleted"]);
    for (const e of events) expect(e.data.mod).toMatchObject(modRef);
    // The push and the deletion: one event each, or (SQLite, when one build finds both) one for the two.
    const changes = events.filter((e) => e.type === "catalogue.changed").map((e) => e.data);
    expect(changes.length).toBeGreaterThan(0);
    for (const c of changes) expect(c).toMatchObject({ changes_url: `${base}/v1/changes.php?game=asa`, game: "asa" });
    const item = { uid: gameUidOf(path, "asa"), label: "Ascended Pick", kind: "engram" };
    expect(itemsOfMod().sort((x, y) => x.change.localeCompare(y.change))).toEqual([
      { ...item, change: "added" },
      { ...item, change: "removed" },
    ]);
    // ASA's base game and ASE's: one event each, told apart by `game`; never one mixing both.
    expect([baseGame("asa").length, baseGame("ase").length]).toEqual([1, 1]);
    const [asa] = baseGame("asa");
    expect(asa!.data).toMatchObject({
      counts: { added: 1, updated: 0, removed: 0 },
      items: [{ uid: gameUidOf(asaRaptor, "asa"), kind: "creature", change: "added" }],
      changes_url: `${base}/v1/changes.php?game=asa`,
    });
    const [ase] = baseGame("ase");
    expect(ase!.data).toMatchObject({
      items: [{ uid: gameUidOf(aseRaptor, "ase"), kind: "creature", change: "added" }],
      changes_url: `${base}/v1/changes.php`,
    });
    await database.creature.deleteMany({ where: { path: { in: [asaRaptor, aseRaptor] } } });
  });

  it("never writes a secret to the server's log", async () => {
    expect(secrets.length).toBeGreaterThan(3);
    const log = server.server.logs();
    expect(log.length).toBeGreaterThan(1000);
    for (const s of secrets) {
      expect(log).not.toContain(s);
      expect(log).not.toContain(s.slice(6, 30)); // nor its base64 part
    }
  });
});
