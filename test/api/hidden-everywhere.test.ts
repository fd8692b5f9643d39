// A hidden document is absent from every place that lists documents, after a moderator
// hides it and after its author is suspended, and back after restore and reinstatement
// (docs/API.md, "What moderation changes in the v1 replies"). One table of places: the
// next listing, feed or search added is one line here. Each place must first show the
// document, so an absence can only mean the rule held. Both engines.
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { hideDocument, reinstateUser, restoreDocument, suspendUser } from "@/lib/moderation/actions";
import type { Actor } from "@/lib/moderation/audit";
import { grantRole } from "@/lib/moderation/roles";
import { api, registeredUser, testDb } from "../support/api";

interface Published {
  id: string;
  author: string;
  title: string;
}

const get = async (path: string) => {
  const res = await fetch(`${inject("serverUrl")}${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
};

/**
 * Every place a document is listed, searched or fed to anyone who is not its author. (The
 * sitemap lists no documents at all: lib/portal/sitemap.ts.)
 */
const PLACES: { name: string; read: (d: Published) => Promise<string> }[] = [
  { name: "v1 listing", read: () => get("/v1/document.php?count=100&sort=last_updated&direction=desc") },
  { name: "v1 listing by author", read: (d) => get(`/v1/document.php?user_id=${d.author}`) },
  { name: "/documents", read: () => get("/documents") },
  { name: "/documents?author=", read: (d) => get(`/documents?author=${d.author}`) },
  { name: "/documents search", read: (d) => get(`/documents?q=${encodeURIComponent(d.title)}`) },
  { name: "site Atom feed", read: () => get("/feeds/documents.atom") },
  { name: "author's Atom feed", read: (d) => get(`/feeds/authors/${d.author}.atom`) },
];

async function publish(author: Identity): Promise<Published> {
  const id = randomUUID();
  const title = `Hidden everywhere ${randomUUID().slice(0, 8)}`;
  const res = await api(author).request("POST", "/v1/document.php", {
    body: { Identifier: id, Title: title, Description: "", Version: 1 },
  });
  expect(res.status, res.text()).toBe(200);
  return { id, author: author.userId, title };
}

async function moderator(): Promise<Actor> {
  const identity = await registeredUser("ed25519");
  await grantRole(testDb(), { userId: identity.userId, role: "moderator", actor: { kind: "console" } });
  return { kind: "user", userId: identity.userId };
}

/** Waits until every place shows the document (feeds are written just after the commit). */
async function shownEverywhere(d: Published) {
  for (const place of PLACES)
    await expect
      .poll(async () => (await place.read(d)).includes(d.id), { timeout: 15_000, message: place.name })
      .toBe(true);
}

async function absentEverywhere(d: Published) {
  for (const place of PLACES) expect((await place.read(d)).includes(d.id), place.name).toBe(false);
}

describe("a hidden document in every listing", () => {
  it("is absent from each place after a moderator hides it, and back after restore", async () => {
    const author = await registeredUser("ed25519");
    const actor = await moderator();
    const doc = await publish(author);
    await shownEverywhere(doc);
    await hideDocument(testDb(), { actor, documentId: doc.id, reason: "test: hidden everywhere" });
    await absentEverywhere(doc);
    await restoreDocument(testDb(), { actor, documentId: doc.id, reason: "test: restored" });
    await shownEverywhere(doc);
  });

  it("is absent from each place while its author is suspended, and back after reinstatement", async () => {
    const author = await registeredUser("ed25519");
    const actor = await moderator();
    const doc = await publish(author);
    await shownEverywhere(doc);
    await suspendUser(testDb(), { actor, userId: author.userId, reason: "test: suspended" });
    await absentEverywhere(doc);
    await reinstateUser(testDb(), { actor, userId: author.userId, reason: "test: reinstated" });
    await shownEverywhere(doc);
  });

  it("has no report form and takes no report but from its author and moderators; its name never shows", async () => {
    const author = await registeredUser("ed25519");
    const stranger = await registeredUser("ed25519");
    const mod = await registeredUser("ed25519");
    await grantRole(testDb(), { userId: mod.userId, role: "moderator", actor: { kind: "console" } });
    const actor: Actor = { kind: "user", userId: mod.userId };
    const doc = await publish(author);
    const report = (who: Identity | null, id = doc.id) => {
      const body = { target_kind: "document", target_id: id, reason: "spam" };
      return who
        ? api(who).request("POST", "/v1/report.php", { body })
        : fetch(`${inject("serverUrl")}/v1/report.php`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
          }).then(async (r) => ({ status: r.status, text: () => "" }));
    };
    expect((await report(null)).status).toBe(201);
    await hideDocument(testDb(), { actor, documentId: doc.id, reason: "test: hidden from reports" });
    const page = await fetch(`${inject("serverUrl")}/report/document/${doc.id}`);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain(doc.title);
    // As for a document that does not exist: 404 to a visitor and to a stranger's signature.
    expect((await report(null, randomUUID())).status).toBe(404);
    expect((await report(null)).status).toBe(404);
    expect((await report(stranger)).status).toBe(404);
    // Its author and moderators still see it, and may report it.
    expect((await report(author)).status).toBe(201);
    expect((await report(mod)).status).toBe(201);
    await restoreDocument(testDb(), { actor, documentId: doc.id, reason: "test: restored" });
    expect((await report(null)).status).toBe(201);
    expect((await fetch(`${inject("serverUrl")}/report/document/${doc.id}`)).status).toBe(200);
  });
});
