// Webhook building blocks without a server: Standard Webhooks signatures (checked against
// an independent HMAC and the specification's rules), secrets sealed at rest, the retry
// schedule, which webhooks an event reaches, and Discord messages within Discord's limits.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { catalogueChanged, eventBody, moderationNotice, modRef, type ItemChange } from "@/lib/webhooks/event-payloads";
import { discordMessage, listWithin } from "@/lib/webhooks/discord-message";
import { matches } from "@/lib/webhooks/match-webhooks";
import { DELAYS_SECONDS, MAX_ATTEMPTS, retryAfterMs, retryDelayMs } from "@/lib/webhooks/retry-schedule";
import { newSecret, openSecret, sealSecret, SecretUnreadable } from "@/lib/webhooks/secret-box";
import { signatureHeader, verifySignature } from "@/lib/webhooks/signature";
import { discordProblems } from "../support/fake-discord";

const AUTH = "an-auth-secret-of-the-server-0123456789";

describe("Standard Webhooks signatures", () => {
  it("signs id.timestamp.body with HMAC-SHA256 under the secret's decoded bytes", () => {
    const secret = newSecret();
    const body = '{"type":"mod.confirmed","timestamp":"2026-11-25T00:00:00.000Z","data":{}}';
    const expected = createHmac("sha256", Buffer.from(secret.slice("whsec_".length), "base64"))
      .update(`evt_1.1674087231.${body}`)
      .digest("base64");
    expect(signatureHeader([secret], "evt_1", 1674087231, body)).toBe(`v1,${expected}`);
  });

  it("verifies any of several space-separated signatures, refuses a changed body, another secret or an old timestamp", () => {
    const [a, b] = [newSecret(), newSecret()];
    const now = 1_700_000_000_000;
    const ts = String(now / 1000);
    const request = {
      id: "evt_x",
      timestamp: ts,
      signature: signatureHeader([a, b], "evt_x", now / 1000, "{}"),
      body: "{}",
    };
    expect(verifySignature(b, request, { now })).toEqual({ valid: true, matched: 2, of: 2 });
    expect(verifySignature(a, { ...request, body: "{ }" }, { now })).toMatchObject({ valid: false });
    expect(verifySignature(newSecret(), request, { now })).toMatchObject({
      valid: false,
      reason: "no signature matches",
    });
    expect(verifySignature(a, request, { now: now + 301_000 })).toMatchObject({
      reason: "timestamp too old or too new",
    });
    expect(verifySignature(a, request, { now: now + 301_000, toleranceSeconds: 0 })).toMatchObject({ valid: true });
    expect(verifySignature(a, { ...request, timestamp: "abc" }, { now })).toMatchObject({
      reason: "malformed headers",
    });
  });
});

describe("secrets at rest", () => {
  it("are sealed with a key from AUTH_SECRET: never stored as they are, unreadable under another AUTH_SECRET", () => {
    const secret = newSecret();
    const sealed = sealSecret(secret, AUTH);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(sealSecret(secret, AUTH)).not.toBe(sealed); // a fresh IV each time
    expect(openSecret(sealed, AUTH)).toBe(secret);
    expect(() => openSecret(sealed, `${AUTH}-changed`)).toThrow(SecretUnreadable);
    expect(() => sealSecret(secret, undefined)).toThrow(/AUTH_SECRET is not set/);
  });
});

describe("the retry schedule", () => {
  it("grows exponentially with jitter over about a day, then gives up", () => {
    const mid = () => 0.5;
    const delays = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1, 1, mid)!);
    for (let i = 1; i < 8; i++) expect(delays[i]!).toBeGreaterThan(delays[i - 1]!);
    const hours = delays.reduce((a, b) => a + b, 0) / 3_600_000;
    expect(hours).toBeGreaterThan(20);
    expect(hours).toBeLessThan(26);
    expect(retryDelayMs(MAX_ATTEMPTS, 1)).toBeNull();
    expect(retryDelayMs(1, 1, () => 0)).toBe(4000);
    expect(retryDelayMs(1, 1, () => 1)).toBe(6000);
    expect(retryDelayMs(2, 0.001, mid)).toBe(15);
    expect(DELAYS_SECONDS).toHaveLength(11);
  });

  it("reads Retry-After as seconds or a date, capped at an hour", () => {
    expect(retryAfterMs("2")).toBe(2000);
    expect(retryAfterMs("0.25")).toBe(250);
    expect(retryAfterMs(new Date(Date.now() + 10_000).toUTCString())).toBeGreaterThan(8000);
    expect(retryAfterMs("99999")).toBe(3_600_000);
    expect(retryAfterMs("soon")).toBeNull();
    expect(retryAfterMs(undefined)).toBeNull();
  });
});

describe("which webhooks an event reaches", () => {
  const hook = {
    id: "wh_1",
    userId: "owner",
    events: "catalogue.changed,pull.failed",
    modIds: "",
    documentIds: "",
    authorIds: "",
  };
  const event = { type: "catalogue.changed", modId: "5", documentId: null, userId: "owner" };
  it("its types and every filter it set; pull failures and moderation notices only to the owner", () => {
    expect(matches(hook, event)).toBe(true);
    expect(matches({ ...hook, events: "mod.confirmed" }, event)).toBe(false);
    expect(matches({ ...hook, modIds: "4,5" }, event)).toBe(true);
    expect(matches({ ...hook, modIds: "4" }, event)).toBe(false);
    expect(matches({ ...hook, authorIds: "someone" }, event)).toBe(false);
    expect(matches({ ...hook, documentIds: "d" }, event)).toBe(false);
    expect(matches(hook, { ...event, type: "pull.failed" })).toBe(true);
    expect(matches({ ...hook, userId: "stranger" }, { ...event, type: "pull.failed" })).toBe(false);
    const notice = { type: "moderation.notice", modId: null, documentId: "d", userId: "owner" };
    const noticeHook = { ...hook, events: "moderation.notice" };
    expect(matches(noticeHook, notice)).toBe(true);
    // someone following the author's documents is not told what moderators did to them
    expect(matches({ ...noticeHook, userId: "stranger", authorIds: "owner" }, notice)).toBe(false);
  });
});

describe("Discord messages", () => {
  const base = "https://beacon.example";
  const items = (n: number, label = (i: number) => `Engram number ${i}`): ItemChange[] =>
    Array.from({ length: n }, (_, i) => ({
      uid: `u${i}`,
      label: label(i),
      kind: "engram",
      change: i % 3 === 0 ? "removed" : "added",
    }));

  it("fits a 5,000-engram push in one embed within every limit, lists cut with 'and N more'", () => {
    const mod = modRef(base, "123", "A".repeat(300), "owner", "B".repeat(300), "ase");
    const body = eventBody(
      "catalogue.changed",
      new Date(),
      catalogueChanged(
        base,
        mod,
        items(5000, (i) => `Label ${"x".repeat(i % 200)} ${i}`),
        "ase",
      ),
    );
    const message = discordMessage(body);
    expect(discordProblems(message)).toEqual([]);
    const embed = message.embeds[0]!;
    expect(embed.url).toBe(`${base}/spawn/?mod_id=123`);
    expect(embed.description).toBe("3333 added, 0 updated, 1667 removed");
    expect(embed.fields!.map((f) => f.name)).toEqual(["Added", "Removed", "Not listed"]);
    expect(embed.fields![0]!.value).toMatch(/, and \d+ more$/);
    expect(embed.fields![2]!.value).toBe("and 4000 more (see the changes feed)");
    expect(message.allowed_mentions).toEqual({ parse: [] });
  });

  it("escapes Markdown in labels and keeps every event type within the limits", () => {
    const mod = modRef(base, "9", "Mod", "o", "Owner", "ase");
    const body = eventBody(
      "catalogue.changed",
      new Date(),
      catalogueChanged(
        base,
        mod,
        items(3, () => "@everyone *bold* `code`"),
        "ase",
      ),
    );
    expect(discordMessage(body).embeds[0]!.fields![0]!.value).toContain("@everyone \\*bold\\* \\`code\\`");
    const doc = {
      document_id: "d",
      name: "N".repeat(500),
      revision: 3,
      author_id: "a",
      author_name: "Z",
      url: `${base}/documents/d`,
    };
    for (const [type, data] of [
      ["mod.confirmed", { mod }],
      ["mod.deleted", { mod }],
      ["document.published", { document: doc }],
      ["document.updated", { document: doc }],
      ["document.deleted", { document: doc }],
      ["pull.failed", { mod, message: "x".repeat(10_000) }],
      ["webhook.test", { webhook_id: "wh", message: "hello" }],
      [
        "moderation.notice",
        moderationNotice(base, { action: "hide", kind: "document", id: "d", name: doc.name }, "a", "y".repeat(10_000)),
      ],
    ] as const) {
      const message = discordMessage(eventBody(type, new Date(), data));
      expect(discordProblems(message), type).toEqual([]);
    }
    expect(discordMessage(eventBody("document.updated", new Date(), { document: doc })).embeds[0]!.description).toBe(
      "Updated: revision 3",
    );
    const suspended = moderationNotice(base, { action: "suspend", kind: "user", id: "a", name: "Z" }, "a", "Spam *x*");
    expect(discordMessage(eventBody("moderation.notice", new Date(), suspended)).embeds[0]).toMatchObject({
      title: "Your account was suspended by a moderator",
      url: `${base}/dashboard`,
      description: "Reason: Spam \\*x\\*",
    });
  });

  it("names the game: ASA's mod and base game say ASA in the payload and the embed; ASE's fields keep their bytes", () => {
    const at = new Date("2026-11-28T00:00:00.000Z");
    const item: ItemChange[] = [{ uid: "u1", label: "Sword", kind: "engram", change: "added" }];
    const ase = catalogueChanged(base, modRef(base, "9", "Mod", "o", "Owner", "ase"), item, "ase");
    // The body before events named their game, written out: the new one only adds "game" keys.
    const before =
      '{"mod":{"mod_id":"9","name":"Mod","owner_id":"o","owner_name":"Owner","url":"https://beacon.example/spawn/?mod_id=9"},' +
      '"counts":{"added":1,"updated":0,"removed":0},"items":[{"uid":"u1","label":"Sword","kind":"engram","change":"added"}],' +
      '"items_omitted":0,"changes_url":"https://beacon.example/v1/changes.php"}';
    expect(JSON.stringify(ase)).toBe(
      before.replace('mod_id=9"}', 'mod_id=9","game":"ase"}').replace(/}$/, ',"game":"ase"}'),
    );
    const asaMod = modRef(base, "928548", "Ascended Walls", "o", "Owner", "asa");
    expect(asaMod).toMatchObject({ url: `${base}/spawn/?game=asa&mod_id=928548`, game: "asa" });
    const asa = catalogueChanged(base, asaMod, item, "asa");
    expect(asa).toMatchObject({ game: "asa", changes_url: `${base}/v1/changes.php?game=asa` });
    const embed = discordMessage(eventBody("catalogue.changed", at, asa)).embeds[0]!;
    expect(embed).toMatchObject({
      title: "Ascended Walls (ASA): catalogue changed",
      url: `${base}/spawn/?game=asa&mod_id=928548`,
      footer: { text: "Beacon Hub · catalogue.changed · ARK: Survival Ascended" },
    });
    const baseGame = discordMessage(eventBody("catalogue.changed", at, catalogueChanged(base, null, item, "asa")));
    expect(baseGame.embeds[0]!.title).toBe("Base game (ASA): catalogue changed");
    expect(discordMessage(eventBody("catalogue.changed", at, ase)).embeds[0]).toMatchObject({
      title: "Mod: catalogue changed",
      footer: { text: "Beacon Hub · catalogue.changed · ARK: Survival Evolved" },
    });
    expect(discordMessage(eventBody("mod.confirmed", at, { mod: asaMod })).embeds[0]!.title).toBe(
      "Ascended Walls (ASA) joined the catalogue",
    );
    expect(discordMessage(eventBody("pull.failed", at, { mod: asaMod, message: "HTTP 404" })).embeds[0]!.title).toBe(
      "Pull of Ascended Walls (ASA) failed",
    );
    // An event stored before events named their game is sent as it always was.
    const stored = `{"type":"catalogue.changed","timestamp":"2026-11-25T10:00:00.000Z","data":${before}}`;
    expect(discordMessage(stored).embeds[0]).toMatchObject({
      title: "Mod: catalogue changed",
      footer: { text: "Beacon Hub · catalogue.changed" },
    });
  });

  it("lists names until the next would not fit, then says how many more", () => {
    expect(listWithin(["a", "b", "c"], 100)).toBe("a, b, c");
    const cut = listWithin(
      Array.from({ length: 100 }, (_, i) => `name${i}`),
      40,
    );
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut).toMatch(/^name0, name1, .*and \d+ more$/);
  });
});
