// Moderation actions (lib/moderation/actions.ts), both engines, through the built app:
// each action writes its audit entry with it and closes the target's open reports; only
// a moderator may act (anyone else: 404, nothing written). A hidden document is gone
// from the v1 listing, /documents and search, and its v1 single reads answer 404 to
// everyone but its author and moderators; restored, it is back as before. A suspended
// author's signed POST gets a 403 JSON error and changes nothing; reinstated, it works,
// and only the documents the suspension hid come back.
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import {
  dismissReports,
  hideDocument,
  reinstateUser,
  removeDocument,
  restoreDocument,
  suspendUser,
} from "@/lib/moderation/actions";
import { readAudit, type Actor } from "@/lib/moderation/audit";
import { grantRole } from "@/lib/moderation/roles";
import { api, expectJsonError, registeredUser, testDb } from "../support/api";

async function publish(who: Identity, title: string, id = randomUUID()) {
  const res = await api(who).request("POST", "/v1/document.php", {
    body: { Identifier: id, Title: title, Description: "", Version: 1 },
  });
  return { id, res };
}

async function moderator(): Promise<{ identity: Identity; actor: Actor }> {
  const identity = await registeredUser("ed25519");
  await grantRole(testDb(), { userId: identity.userId, role: "moderator", actor: { kind: "console" } });
  return { identity, actor: { kind: "user", userId: identity.userId } };
}

const page = async (path: string) => (await fetch(`${inject("serverUrl")}${path}`)).text();

async function listedIds(): Promise<string[]> {
  const res = await api().request("GET", "/v1/document.php?count=100&sort=last_updated&direction=desc");
  expect(res.status).toBe(200);
  return res.json<{ document_id: string }[]>().map((d) => d.document_id);
}

async function auditOf(kind: "document" | "user", id: string) {
  return (await readAudit(testDb(), { limit: 20, target: { kind, id } })).reverse();
}

describe("hiding and restoring a document", () => {
  it("leaves it out for others, shows it to its author and moderators, and audits both steps", async () => {
    const author = await registeredUser("ed25519");
    const mod = await moderator();
    const title = `Hidden crates ${randomUUID().slice(0, 8)}`;
    const { id } = await publish(author, title);
    const reported = await api().request("POST", "/v1/report.php", {
      body: { target_kind: "document", target_id: id, reason: "spam" },
    });
    expect(reported.status).toBe(201);
    // warm the page cache: the listing must not serve this copy once the document is hidden
    const link = `href="/documents/${id}"`;
    expect(await page(`/documents?q=${encodeURIComponent(title)}`)).toContain(link);
    expect(await page("/documents")).toContain(link);

    const hidden = await hideDocument(testDb(), { actor: mod.actor, documentId: id, reason: "Spam links" });
    expect(hidden.closedReports).toBe(1);
    const row = await testDb().document.findUniqueOrThrow({ where: { id } });
    expect([row.hiddenReason, row.hiddenBy, row.hiddenAt instanceof Date]).toEqual(["Spam links", "moderator", true]);

    expect(await listedIds()).not.toContain(id);
    expect(await page("/documents")).not.toContain(link);
    expect(await page(`/documents?q=${encodeURIComponent(title)}`)).not.toContain(link);
    for (const target of [
      `/v1/document.php/${id}`,
      `/v1/document.php/${id}?simple`,
      `/v1/document.php/${id}?revisions`,
    ])
      expectJsonError(await api().request("GET", target), 404);
    expect((await api().request("HEAD", `/v1/document.php/${id}`)).status).toBe(404);
    expect((await fetch(`${inject("serverUrl")}/documents/${id}`)).status).toBe(404);
    // a stranger's signature changes nothing; the author's and a moderator's do
    expectJsonError(await api(await registeredUser("ed25519")).request("GET", `/v1/document.php/${id}`), 404);
    expectJsonError(await api().request("GET", `/v1/document.php/${id}?revision=1`), 404);
    for (const who of [author, mod.identity]) {
      expect((await api(who).request("GET", `/v1/document.php/${id}`)).status).toBe(200);
      expect((await api(who).request("GET", `/v1/document.php/${id}?simple`)).json()).toMatchObject({ name: title });
      // a kept revision too, as docs/API.md promises the author
      const revision = await api(who).request("GET", `/v1/document.php/${id}?revision=1`);
      expect(revision.status, revision.text()).toBe(200);
      expect(revision.text()).toContain(title);
    }
    expect((await testDb().document.findUniqueOrThrow({ where: { id } })).downloadCount).toBe(0);

    await restoreDocument(testDb(), { actor: mod.actor, documentId: id, reason: "Links removed by the author" });
    expect(await listedIds()).toContain(id);
    expect(await page("/documents")).toContain(link);
    expect(await page(`/documents?q=${encodeURIComponent(title)}`)).toContain(link);
    expect((await api().request("GET", `/v1/document.php/${id}`)).status).toBe(200);
    expect((await api().request("HEAD", `/v1/document.php/${id}`)).status).toBe(200);

    const audit = await auditOf("document", id);
    expect(audit.map((e) => [e.action, e.actor_kind, e.actor_id, e.reason])).toEqual([
      ["report", "anonymous", null, "Spam"],
      ["hide", "user", mod.identity.userId, "Spam links"],
      ["restore", "user", mod.identity.userId, "Links removed by the author"],
    ]);
    expect(audit.every((e) => e.target_label === title && /Z$/.test(e.at))).toBe(true);
  });

  it("refuses anyone without a role with a 404 and writes nothing; a reason is required", async () => {
    const author = await registeredUser("ed25519");
    const { id } = await publish(author, "Plain crates");
    for (const actor of [{ kind: "user", userId: author.userId }, { kind: "anonymous" }] as Actor[]) {
      await expect(hideDocument(testDb(), { actor, documentId: id, reason: "mine" })).rejects.toMatchObject({
        code: "not_found",
      });
    }
    const mod = await moderator();
    await expect(hideDocument(testDb(), { actor: mod.actor, documentId: id, reason: " \n " })).rejects.toMatchObject({
      code: "bad_request",
    });
    expect((await testDb().document.findUniqueOrThrow({ where: { id } })).hiddenAt).toBeNull();
    expect(await auditOf("document", id)).toEqual([]);
  });

  it("dismisses reports and removes a document, each audited", async () => {
    const author = await registeredUser("ed25519");
    const mod = await moderator();
    const { id } = await publish(author, "Reported crates");
    await api().request("POST", "/v1/report.php", { body: { target_kind: "document", target_id: id, reason: "spam" } });
    const dismissed = await dismissReports(testDb(), {
      actor: mod.actor,
      target: { kind: "document", id },
      reason: "Not spam",
    });
    expect(dismissed.closedReports).toBe(1);
    await removeDocument(testDb(), { actor: mod.actor, documentId: id, reason: "Stolen, the owner wrote" });
    expectJsonError(await api().request("GET", `/v1/document.php/${id}`), 404);
    expect(await testDb().document.count({ where: { id } })).toBe(0);
    expect((await auditOf("document", id)).map((e) => [e.action, e.reason, e.target_label])).toEqual([
      ["report", "Spam", "Reported crates"],
      ["dismiss", "Not spam", "Reported crates"],
      ["remove", "Stolen, the owner wrote", "Reported crates"],
    ]);
  });
});

describe("suspending an author", () => {
  it("refuses their signed POSTs with a 403 that changes nothing, until they are reinstated", async () => {
    const author = await registeredUser("ed25519");
    const mod = await moderator();
    const kept = await publish(author, "Kept crates");
    const hiddenOnItsOwn = await publish(author, "Crates hidden on their own");
    await hideDocument(testDb(), { actor: mod.actor, documentId: hiddenOnItsOwn.id, reason: "Broken" });

    await suspendUser(testDb(), { actor: mod.actor, userId: author.userId, reason: "Spam everywhere" });
    const refused = await publish(author, "Written while suspended");
    const error = expectJsonError(refused.res, 403);
    expect(error.message).toMatch(/suspended/);
    expect(error.details).toMatchObject({ user_id: author.userId, suspended: true, reason: "Spam everywhere" });
    expect(await testDb().document.count({ where: { id: refused.id } })).toBe(0);
    const update = await api(author).request("POST", `/v1/document.php/${kept.id}`, {
      body: { Identifier: kept.id, Title: "Renamed while suspended", Description: "", Version: 1 },
    });
    expectJsonError(update, 403);
    expectJsonError(await api(author).request("DELETE", `/v1/document.php/${kept.id}`), 403);
    const row = await testDb().document.findUniqueOrThrow({ where: { id: kept.id } });
    expect([row.name, row.revision, row.hiddenBy]).toEqual(["Kept crates", 1, "suspension"]);
    // their content is hidden from others, nothing deleted; reads stay open to them
    expect(await listedIds()).not.toContain(kept.id);
    expectJsonError(await api().request("GET", `/v1/document.php/${kept.id}`), 404);
    expect((await api(author).request("GET", `/v1/document.php/${kept.id}?simple`)).status).toBe(200);

    await reinstateUser(testDb(), { actor: mod.actor, userId: author.userId, reason: "Promised to stop" });
    const after = await publish(author, "Written after reinstatement");
    expect(after.res.status, after.res.text()).toBe(200);
    expect(await listedIds()).toEqual(expect.arrayContaining([kept.id, after.id]));
    expect(await listedIds()).not.toContain(hiddenOnItsOwn.id);
    expect((await auditOf("user", author.userId)).map((e) => [e.action, e.actor_id, e.reason])).toEqual([
      ["suspend", mod.identity.userId, "Spam everywhere"],
      ["restore", mod.identity.userId, "reinstated: Promised to stop"],
    ]);
  });
});
