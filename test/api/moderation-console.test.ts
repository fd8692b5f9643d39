// The moderation console and the author's side over HTTP, through the built app, with
// real sessions and server actions called as React calls them:
// - every page under app/dashboard/moderation (found on disk) and every server action
//   the build has from that folder (found in its manifest) answers a signed-in stranger
//   with a 404 and changes nothing; a moderator's call acts, so the calls are real;
//   privileged moderation code is imported by nothing else in app/;
// - a suspended author's dashboard writes (publishing from the editor, deleting a
//   document, registering a mod) are refused with the suspension message and change
//   nothing; the appeal stays open to them; reinstated, their writes work again;
// - the author's notice names the moderator's reason, and the appeal puts the target
//   back in the queue with its audit entry (once: a second waits for the first).
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, inject, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { insertPart, setFields } from "@/lib/loot/edit-document";
import { KNOWN_CRATES } from "@/lib/loot/known-crates";
import { emptyLootDocument, newEntry, newItem, newItemSet, newSource } from "@/lib/loot/new-loot";
import { lootItemKeys } from "@/lib/loot/item-keys";
import { readLootDocument } from "@/lib/loot/loot-document";
import { writeLootDocument } from "@/lib/loot/write-loot-document";
import { documentsDropping } from "@/lib/documents/documents-dropping";
import { saveLootDocument } from "@/lib/loot-editor/save-loot-document";
import { startEditor } from "@/lib/loot-editor/start-editor";
import { hideDocument, reinstateUser, suspendUser } from "@/lib/moderation/actions";
import { readAudit } from "@/lib/moderation/audit";
import { grantRole, revokeRole } from "@/lib/moderation/roles";
import { SUSPENDED_SESSION_MESSAGE } from "@/lib/moderation/suspension";
import { api, registeredUser, testDb } from "../support/api";
import { builtServerActions, callFormAction, serverAction, sessionCookie } from "../support/dashboard-session";
import { ROOT } from "../support/test-server";

const CONSOLE_DIR = "app/dashboard/moderation";

async function publish(who: Identity, title: string, id = randomUUID()) {
  const res = await api(who).request("POST", "/v1/document.php", {
    body: { Identifier: id, Title: title, Description: "", Version: 1 },
  });
  expect(res.status).toBe(200);
  return id;
}

async function withRole(role: "moderator" | "operator") {
  const identity = await registeredUser();
  await grantRole(testDb(), { userId: identity.userId, role, actor: { kind: "console" } });
  return { identity, cookie: await sessionCookie(identity) };
}

const get = (path: string, cookie?: string) =>
  fetch(`${inject("serverUrl")}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** The console's pages as URLs, dynamic segments filled with a real target. */
function consolePages(documentId: string): string[] {
  const fill: Record<string, string> = { "[kind]": "document", "[id]": documentId };
  return filesUnder(CONSOLE_DIR)
    .filter((f) => f.endsWith("/page.tsx"))
    .map((f) => {
      const parts = relative("app", f).split("/").slice(0, -1);
      return `/${parts.map((p) => fill[p] ?? (p.startsWith("[") ? `unfilled-${p}` : p)).join("/")}`;
    });
}

const STONE = "/Game/PrimalEarth/CoreBlueprints/Resources/PrimalItemResource_Stone.PrimalItemResource_Stone";

function lootContent(id: string, title: string, path = STONE): string {
  let doc = setFields(emptyLootDocument(id), [], { title, maps: 1 });
  doc = insertPart(doc, [], newSource(KNOWN_CRATES[0]!));
  doc = insertPart(doc, [0], newItemSet("Set"));
  const cls = `${path.split(".").at(-1)}_C`;
  doc = insertPart(doc, [0, 0], newEntry([newItem({ class: cls, path })]));
  return JSON.stringify(writeLootDocument(doc), null, "\t");
}

describe("the moderation console refuses a non-moderator", () => {
  it("every page and server action of the console: 404 to a stranger, nothing changed; a moderator acts", async () => {
    const author = await registeredUser();
    const title = `Console crates ${randomUUID().slice(0, 8)}`;
    const documentId = await publish(author, title);
    await api().request("POST", "/v1/report.php", {
      body: { target_kind: "document", target_id: documentId, reason: "spam" },
    });
    const stranger = await registeredUser();
    const strangerCookie = await sessionCookie(stranger);
    const moderator = await withRole("moderator");
    const operator = await withRole("operator");

    const pages = consolePages(documentId);
    expect(pages.sort()).toEqual(
      ["/dashboard/moderation", "/dashboard/moderation/audit", `/dashboard/moderation/document/${documentId}`].sort(),
    );
    for (const page of pages) {
      const asStranger = await get(page, strangerCookie);
      expect(asStranger.status, `${page} as a stranger`).toBe(404);
      expect(await asStranger.text()).not.toContain(title);
      const anonymous = await get(page);
      expect([307, 303, 404], `${page} without a session`).toContain(anonymous.status);
      expect(anonymous.headers.get("location") ?? "/sign-in").toContain("/sign-in");
      const asModerator = await get(page, moderator.cookie);
      expect(asModerator.status, `${page} as a moderator`).toBe(page.endsWith("/audit") ? 404 : 200);
      expect((await get(page, operator.cookie)).status, `${page} as an operator`).toBe(200);
    }
    expect(await (await get(`/dashboard/moderation/document/${documentId}`, moderator.cookie)).text()).toContain(title);

    // What acts or reads for moderators is imported only in the console's folder (the
    // role check itself, isModerator, is used by readers that show hidden documents).
    const ROLE_CHECKS = new Set(["isModerator", "isOperator", "NOT_A_MODERATOR"]);
    const importers = filesUnder("app").filter((f) =>
      [
        ...readFileSync(join(ROOT, f), "utf8").matchAll(
          /import \{([^}]*)\} from "@\/lib\/moderation\/(actions|console)"/g,
        ),
      ]
        .flatMap((m) => m[1]!.split(",").map((n) => n.trim()))
        .some((name) => name !== "" && !name.startsWith("type ") && !ROLE_CHECKS.has(name)),
    );
    expect(importers.filter((f) => !f.startsWith(`${CONSOLE_DIR}/`))).toEqual([]);
    expect(importers).toContain(`${CONSOLE_DIR}/actions.ts`);

    const actions = builtServerActions().filter((a) => a.filename.startsWith(`${CONSOLE_DIR}/`));
    expect(actions.map((a) => a.exportedName)).toContain("moderateAction");
    const fields = { action: "hide", target_kind: "document", target_id: documentId, reason: "Forged" };
    const page = `/dashboard/moderation/document/${documentId}`;
    for (const action of actions) {
      const refused = await callFormAction(action, fields, { cookie: strangerCookie, page });
      expect(refused.status, `${action.exportedName} as a stranger`).toBe(404);
      expect(refused.body).not.toContain(title);
      const anonymous = await callFormAction(action, fields, { page });
      // Without a session the dashboard sends the browser to sign in, as it does everywhere.
      expect(anonymous.status === 404 || anonymous.redirect?.startsWith("/sign-in"), action.exportedName).toBe(true);
    }
    const doc = await testDb().document.findUniqueOrThrow({ where: { id: documentId } });
    expect(doc.hiddenAt).toBeNull();
    expect((await readAudit(testDb(), { limit: 10, target: { kind: "document", id: documentId } })).length).toBe(1);

    const done = await callFormAction(
      serverAction(`${CONSOLE_DIR}/actions.ts`, "moderateAction"),
      { ...fields, reason: "Spam links" },
      { cookie: moderator.cookie, page },
    );
    expect(done.status).toBe(200);
    expect(done.body).toContain("Hidden: document");
    const hidden = await testDb().document.findUniqueOrThrow({ where: { id: documentId } });
    expect([hidden.hiddenReason, hidden.hiddenBy]).toEqual(["Spam links", "moderator"]);
    const audit = await readAudit(testDb(), { limit: 10, target: { kind: "document", id: documentId } });
    expect(audit.map((e) => [e.action, e.actor_id, e.reason])).toEqual([
      ["hide", moderator.identity.userId, "Spam links"],
      ["report", null, "Spam"],
    ]);
    // A reason is required: nothing happens without one.
    const noReason = await callFormAction(
      serverAction(`${CONSOLE_DIR}/actions.ts`, "moderateAction"),
      { ...fields, action: "restore", reason: "  " },
      { cookie: moderator.cookie, page },
    );
    expect(noReason.body).toContain("Give a reason");
    expect((await testDb().document.findUniqueOrThrow({ where: { id: documentId } })).hiddenAt).not.toBeNull();
  });
});

describe("a suspended author in the dashboard", () => {
  it("is refused every write with the suspension message, nothing changed, may appeal; reinstated, writes work", async () => {
    const author = await registeredUser();
    const cookie = await sessionCookie(author);
    const moderator = await withRole("moderator");
    const mod = { kind: "user" as const, userId: moderator.identity.userId };
    const kept = await publish(author, "Kept while suspended");
    await suspendUser(testDb(), { actor: mod, userId: author.userId, reason: "Spam across the site" });

    const save = serverAction("app/documents/editor-actions.ts", "saveLootAction");
    const remove = serverAction("app/dashboard/account-actions.ts", "deleteDocumentAction");
    const register = serverAction("app/dashboard/mod-actions.ts", "registerModAction");
    const newId = randomUUID();
    const writes: { action: typeof save; fields: Record<string, string> }[] = [
      {
        action: save,
        fields: { document_id: newId, mode: "create", content: lootContent(newId, "New while suspended") },
      },
      { action: remove, fields: { document_id: kept, confirmed: "yes" } },
      { action: register, fields: { mod: "987654321" } },
    ];
    for (const { action, fields } of writes) {
      const reply = await callFormAction(action, fields, { cookie });
      expect(reply.status, action.exportedName).toBe(200);
      expect(reply.body, action.exportedName).toContain(SUSPENDED_SESSION_MESSAGE);
    }
    expect(await testDb().document.count({ where: { id: newId } })).toBe(0);
    expect(await testDb().document.count({ where: { id: kept } })).toBe(1);
    expect(await testDb().modRegistration.count({ where: { userId: author.userId } })).toBe(0);

    // The dashboard tells them why; the appeal is the one change they may make.
    const dashboard = await (await get("/dashboard/documents", cookie)).text();
    expect(dashboard).toContain("Your account is suspended");
    expect(dashboard).toContain("Spam across the site");
    const appeal = serverAction("app/dashboard/appeal-actions.ts", "appealAction");
    const appealed = await callFormAction(
      appeal,
      { target_kind: "user", target_id: author.userId, text: "I will stop." },
      { cookie },
    );
    expect(appealed.body).toContain("your appeal is with the moderators");
    const again = await callFormAction(
      appeal,
      { target_kind: "user", target_id: author.userId, text: "Please." },
      { cookie },
    );
    expect(again.body).toContain("Your appeal is with the moderators already.");
    const open = await testDb().report.findMany({
      where: { targetKind: "user", targetId: author.userId, closedAt: null },
    });
    expect(open.map((r) => [r.reason, r.text, r.reporterId])).toEqual([["appeal", "I will stop.", author.userId]]);

    await reinstateUser(testDb(), { actor: mod, userId: author.userId, reason: "Appeal accepted" });
    const saved = await callFormAction(save, writes[0]!.fields, { cookie });
    expect(saved.body).toContain("Saved revision 1.");
    expect(await testDb().document.count({ where: { id: newId } })).toBe(1);
    expect((await callFormAction(remove, { document_id: kept, confirmed: "yes" }, { cookie })).body).toContain(
      "Deleted.",
    );
    expect(await testDb().document.count({ where: { id: kept } })).toBe(0);
    const trail = await readAudit(testDb(), { limit: 10, target: { kind: "user", id: author.userId } });
    expect(trail.map((e) => [e.action, e.actor_id, e.reason]).reverse()).toEqual([
      ["suspend", moderator.identity.userId, "Spam across the site"],
      ["appeal", author.userId, "I will stop."],
      ["restore", moderator.identity.userId, "reinstated: Appeal accepted"],
    ]);
  });
});

describe("the author of a hidden document", () => {
  it("reads the reason on their dashboard and the document's page, and appeals; others cannot appeal it", async () => {
    const author = await registeredUser();
    const cookie = await sessionCookie(author);
    const moderator = await withRole("moderator");
    const title = `Appealed crates ${randomUUID().slice(0, 8)}`;
    const documentId = await publish(author, title);
    await hideDocument(testDb(), {
      actor: { kind: "user", userId: moderator.identity.userId },
      documentId,
      reason: "Crashes servers",
    });
    const dashboard = await (await get("/dashboard", cookie)).text();
    expect(dashboard).toContain(title);
    expect(dashboard).toContain("Crashes servers");
    const page = await get(`/documents/${documentId}`, cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Crashes servers");
    expect((await get(`/documents/${documentId}`)).status).toBe(404);

    const appeal = serverAction("app/dashboard/appeal-actions.ts", "appealAction");
    const fields = { target_kind: "document", target_id: documentId, text: "Fixed the crash." };
    const stranger = await sessionCookie(await registeredUser());
    expect((await callFormAction(appeal, fields, { cookie: stranger })).body).toContain(
      "Nothing of yours with this id is hidden or suspended.",
    );
    expect((await callFormAction(appeal, { ...fields, text: " " }, { cookie })).body).toContain(
      "Say why the moderators should look again.",
    );
    expect((await callFormAction(appeal, fields, { cookie })).body).toContain("your appeal is with the moderators");
    const queued = await testDb().report.findMany({
      where: { targetKind: "document", targetId: documentId, closedAt: null },
    });
    expect(queued.map((r) => [r.reason, r.reporterId])).toEqual([["appeal", author.userId]]);
    const trail = await readAudit(testDb(), { limit: 10, target: { kind: "document", id: documentId } });
    expect(trail.map((e) => [e.action, e.reason])).toEqual([
      ["appeal", "Fixed the crash."],
      ["hide", "Crashes servers"],
    ]);
  });
});

describe("a hidden document counts nowhere others look", () => {
  it("leaves the loot view's 'in N documents' and is not copied by others; its author still opens it", async () => {
    const author = await registeredUser("ed25519");
    const reader = await registeredUser("ed25519");
    const path = `/Game/Mods/Hidden${randomUUID().slice(0, 8)}/PrimalItem_Crate.PrimalItem_Crate`;
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids)
      await saveLootDocument(testDb(), {
        userId: author.userId,
        mode: "create",
        documentId: id,
        content: lootContent(id, "Dropping crates", path),
        maxBytes: 1 << 20,
      });
    const keys = lootItemKeys(readLootDocument(JSON.parse(lootContent(ids[0]!, "x", path)))!);
    expect(keys.length).toBeGreaterThan(0);
    const count = async () => (await documentsDropping(testDb(), keys))(keys[0]!);
    expect(await count()).toBe(2);
    await grantRole(testDb(), { userId: reader.userId, role: "moderator", actor: { kind: "console" } });
    await hideDocument(testDb(), {
      actor: { kind: "user", userId: reader.userId },
      documentId: ids[0]!,
      reason: "Broken",
    });
    await revokeRole(testDb(), { userId: reader.userId, actor: { kind: "console" } });
    expect(await count()).toBe(1);
    const copy = { kind: "document" as const, id: ids[0]!, edit: false };
    expect(await startEditor(testDb(), { userId: reader.userId, source: copy })).toMatchObject({
      ok: false,
      reason: "not-found",
    });
    expect(await startEditor(testDb(), { userId: author.userId, source: { ...copy, edit: true } })).toMatchObject({
      ok: true,
    });
  });
});
