// A moderation action that passes its role check and then cannot apply (hide a hidden
// document, restore a visible one, suspend a suspended user, reinstate an active one)
// is a 400 that leaves nothing behind: no audit entry and no notice to the owner's
// webhooks, because both are written in the action's own transaction
// (lib/moderation/actions.ts). Every refusable action is one row of the table. Both engines.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { hideDocument, reinstateUser, restoreDocument, suspendUser } from "@/lib/moderation/actions";
import { readAudit, type Actor } from "@/lib/moderation/audit";
import { grantRole } from "@/lib/moderation/roles";
import { api, registeredUser, testDb } from "../support/api";

interface Fixture {
  author: Identity;
  documentId: string;
  actor: Actor;
}

async function fixture(): Promise<Fixture> {
  const author = await registeredUser("ed25519");
  const documentId = randomUUID();
  const res = await api(author).request("POST", "/v1/document.php", {
    body: { Identifier: documentId, Title: "Refused moderation", Description: "", Version: 1 },
  });
  expect(res.status, res.text()).toBe(200);
  const moderator = await registeredUser("ed25519");
  await grantRole(testDb(), { userId: moderator.userId, role: "moderator", actor: { kind: "console" } });
  return { author, documentId, actor: { kind: "user", userId: moderator.userId } };
}

/**
 * What actions left for a target: audit entries, and notices, counted whether still in the
 * outbox or already built into an event. The builder moves a row from one to the other in
 * one transaction, at any moment: both are counted by one statement (one snapshot), or a
 * move between two reads would count the notice twice or not at all.
 */
async function traces(kind: "document" | "user", id: string) {
  const db = testDb();
  const audit = await readAudit(db, { limit: 100, target: { kind, id } });
  const [row] = await db.$queryRaw<{ notices: number | bigint }[]>`
    SELECT (SELECT COUNT(*) FROM event_outbox WHERE kind = 'moderation' AND object_id = ${id})
         + (SELECT COUNT(*) FROM webhook_events WHERE type = 'moderation.notice' AND payload LIKE ${`%${id}%`}) AS notices`;
  return { audit: audit.length, notices: Number(row!.notices) };
}

const REFUSED: {
  name: string;
  /** puts the target in the state where the action cannot apply */
  before(f: Fixture): Promise<unknown>;
  act(f: Fixture): Promise<unknown>;
  target(f: Fixture): { kind: "document" | "user"; id: string };
  message: RegExp;
}[] = [
  {
    name: "hide a hidden document",
    before: (f) => hideDocument(testDb(), { actor: f.actor, documentId: f.documentId, reason: "first" }),
    act: (f) => hideDocument(testDb(), { actor: f.actor, documentId: f.documentId, reason: "twice" }),
    target: (f) => ({ kind: "document", id: f.documentId }),
    message: /hidden already/,
  },
  {
    name: "restore a visible document",
    before: async () => {},
    act: (f) => restoreDocument(testDb(), { actor: f.actor, documentId: f.documentId, reason: "not hidden" }),
    target: (f) => ({ kind: "document", id: f.documentId }),
    message: /not hidden/,
  },
  {
    name: "suspend a suspended user",
    before: (f) => suspendUser(testDb(), { actor: f.actor, userId: f.author.userId, reason: "first" }),
    act: (f) => suspendUser(testDb(), { actor: f.actor, userId: f.author.userId, reason: "twice" }),
    target: (f) => ({ kind: "user", id: f.author.userId }),
    message: /suspended already/,
  },
  {
    name: "reinstate an active user",
    before: async () => {},
    act: (f) => reinstateUser(testDb(), { actor: f.actor, userId: f.author.userId, reason: "not suspended" }),
    target: (f) => ({ kind: "user", id: f.author.userId }),
    message: /not suspended/,
  },
];

describe("a moderation action refused after its role check", () => {
  for (const action of REFUSED) {
    it(`${action.name}: a 400 with no audit entry and no notice`, async () => {
      const f = await fixture();
      await action.before(f);
      const { kind, id } = action.target(f);
      const before = await traces(kind, id);
      await expect(action.act(f)).rejects.toMatchObject({ code: "bad_request", message: action.message });
      expect(await traces(kind, id)).toEqual(before);
    });
  }
});
