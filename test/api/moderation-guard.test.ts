// Every moderation action refuses whoever holds no moderation role, on the server: the
// test enumerates the exports of lib/moderation/actions.ts and lib/moderation/console.ts
// (what the console reads), so an action or reader added there without going through the
// role check fails here. The console's pages and server actions are called over HTTP by
// test/api/moderation-console.test.ts. A stranger (a signed-in user without
// a role, or an anonymous visitor) gets the 404 every moderation entry point answers,
// and nothing is written: the document and the user unchanged, no audit entry.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as actions from "@/lib/moderation/actions";
import * as consoleReaders from "@/lib/moderation/console";
import { grantRole } from "@/lib/moderation/roles";
import { readAudit, type Actor } from "@/lib/moderation/audit";
import { api, registeredUser, testDb } from "../support/api";

/** Exports of actions.ts that are not actions (helpers the actions and the routes use). */
const NOT_ACTIONS = new Set(["isModerator", "cleanActionReason", "moderate"]);

describe("moderation actions refuse a non-moderator", () => {
  it("every exported action (and every action `moderate` takes) answers 404 and writes nothing", async () => {
    const author = await registeredUser("ed25519");
    const stranger = await registeredUser("ed25519");
    const documentId = randomUUID();
    const published = await api(author).request("POST", "/v1/document.php", {
      body: { Identifier: documentId, Title: "Guarded crates", Description: "", Version: 1 },
    });
    expect(published.status).toBe(200);
    const actors: Actor[] = [{ kind: "user", userId: stranger.userId }, { kind: "anonymous" }];
    const input = (actor: Actor) => ({
      actor,
      documentId,
      userId: author.userId,
      target: { kind: "document" as const, id: documentId },
      reason: "because",
    });

    const exported = Object.entries(actions).filter(
      ([name, value]) => typeof value === "function" && !NOT_ACTIONS.has(name),
    );
    expect(exported.map(([name]) => name).sort()).toEqual(
      ["dismissReports", "hideDocument", "reinstateUser", "removeDocument", "restoreDocument", "suspendUser"].sort(),
    );
    let refusals = 0;
    for (const actor of actors) {
      for (const [name, run] of exported) {
        await expect(
          (run as (db: unknown, input: unknown) => Promise<unknown>)(testDb(), input(actor)),
          name,
        ).rejects.toMatchObject({ code: "not_found", status: 404 });
        refusals++;
      }
      for (const action of actions.MODERATION_ACTIONS) {
        const target =
          action === "suspend" || action === "reinstate"
            ? { kind: "user" as const, id: author.userId }
            : { kind: "document" as const, id: documentId };
        await expect(actions.moderate(testDb(), action, { ...input(actor), target }), action).rejects.toMatchObject({
          code: "not_found",
        });
        refusals++;
      }
    }
    expect(refusals).toBe(actors.length * (exported.length + actions.MODERATION_ACTIONS.length));
    const doc = await testDb().document.findUniqueOrThrow({ where: { id: documentId } });
    expect(doc.hiddenAt).toBeNull();
    const user = await testDb().user.findUniqueOrThrow({ where: { id: author.userId } });
    expect(user.suspendedAt).toBeNull();
    expect(await readAudit(testDb(), { limit: 5, target: { kind: "document", id: documentId } })).toEqual([]);
    expect(await readAudit(testDb(), { limit: 5, target: { kind: "user", id: author.userId } })).toEqual([]);
  });
});

/** Exports of console.ts that are not readers. */
const NOT_READERS = new Set(["isOperator", "QUEUE_TARGETS", "AUDIT_PAGE"]);
/** Readers only operators may call (the audit trail); the rest are for moderators. */
const OPERATOR_ONLY = new Set(["auditTrail"]);

describe("the console's readers refuse a non-moderator", () => {
  it("every exported reader answers 404 to strangers, and the audit trail to a mere moderator", async () => {
    const author = await registeredUser("ed25519");
    const stranger = await registeredUser("ed25519");
    const moderator = await registeredUser("ed25519");
    await grantRole(testDb(), { userId: moderator.userId, role: "moderator", actor: { kind: "console" } });
    const documentId = randomUUID();
    await api(author).request("POST", "/v1/document.php", {
      body: { Identifier: documentId, Title: "Queued crates", Description: "", Version: 1 },
    });
    const reported = await api().request("POST", "/v1/report.php", {
      body: { target_kind: "document", target_id: documentId, reason: "spam" },
    });
    expect(reported.status).toBe(201);
    const target = { kind: "document" as const, id: documentId };

    const readers = Object.entries(consoleReaders).filter(
      ([name, value]) => typeof value === "function" && !NOT_READERS.has(name),
    );
    expect(readers.map(([name]) => name).sort()).toEqual(["auditTrail", "moderationQueue", "moderationTarget"]);
    const call = (run: unknown, actor: Actor) =>
      (run as (db: unknown, actor: Actor, arg: unknown) => Promise<unknown>)(testDb(), actor, target);
    const strangers: Actor[] = [{ kind: "user", userId: stranger.userId }, { kind: "anonymous" }];
    for (const [name, run] of readers) {
      for (const actor of strangers)
        await expect(call(run, actor), `${name} as ${actor.kind}`).rejects.toMatchObject({ status: 404 });
      const asModerator = call(run, { kind: "user", userId: moderator.userId });
      if (OPERATOR_ONLY.has(name)) await expect(asModerator, name).rejects.toMatchObject({ status: 404 });
      else await expect(asModerator, name).resolves.toBeTruthy();
    }
    // The moderator reads the report; the server console reads the trail.
    const entry = await consoleReaders.moderationTarget(testDb(), { kind: "user", userId: moderator.userId }, target);
    expect(entry?.reports.map((r) => r.reason)).toEqual(["spam"]);
    const trail = await consoleReaders.auditTrail(testDb(), { kind: "console" });
    expect(trail.entries.some((e) => e.target_id === documentId && e.action === "report")).toBe(true);
  });
});
