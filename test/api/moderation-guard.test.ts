// Every moderation action refuses whoever holds no moderation role, on the server: the
// test enumerates the exports of lib/moderation/actions.ts, so an action added there
// without going through the role check fails here. A stranger (a signed-in user without
// a role, or an anonymous visitor) gets the 404 every moderation entry point answers,
// and nothing is written: the document and the user unchanged, no audit entry.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as actions from "@/lib/moderation/actions";
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
