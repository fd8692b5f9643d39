// Pages kept in memory (lib/server/page-cache.ts), over HTTP on the
// production server, on each engine: the spawn page, /documents, a document's page and /
// are rendered once per version of their data (the same bytes and CSP nonce until then),
// change as soon as that data does, whichever instance wrote it, and keep the security headers, ETags and
// compressed forms. Two instances on a database of their own: the shared suites' writes
// would move the data versions under these tests.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { beaconApi } from "@/lib/client/beacon-api";
import { createClient } from "@/lib/client/http";
import { newIdentity, type Identity } from "@/lib/client/identity";
import { createDb, type Db } from "@/lib/db/client";
import { setDisplayName } from "@/lib/display-names/set-display-name";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { confirmMod } from "../support/mods";
import { steamItem } from "../support/steam";
import { startServer, type TestServer } from "../support/test-server";

let database: TestDatabase;
let a: TestServer;
let b: TestServer;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase(inject("engine"), "page_cache");
  const env = { DATABASE_URL: database.url, STEAM_API_URL: inject("steamUrl") };
  a = await startServer(env);
  b = await startServer(env);
  db = createDb(database.url);
}, 180_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.$disconnect();
  await database?.drop();
});

const get = (server: TestServer, path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers: { "accept-encoding": "identity", ...headers } });
const page = async (server: TestServer, path: string, headers: Record<string, string> = {}) => {
  const res = await get(server, path, headers);
  expect(res.status, path).toBe(200);
  return {
    html: await res.text(),
    csp: res.headers.get("content-security-policy") ?? "",
    etag: res.headers.get("etag") ?? "",
    headers: res.headers,
  };
};
/**
 * Waits until the download of `id` is counted as unique. That count is written about a
 * second after the download, in the background, and moves the documents version like any
 * write: a test that downloads waits for it at its end, so the next test's "served from
 * memory" (the same nonce twice) does not race a write it did not make.
 */
async function uniqueCounted(id: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await fetch(`${a.url}/v1/document.php/${id}?simple&stats`);
        return ((await res.json()) as { unique_downloads?: number }).unique_downloads;
      },
      { timeout: 15_000, interval: 200 },
    )
    .toBe(1);
}
const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];

async function user(): Promise<Identity> {
  const who = newIdentity("rsa-sha256");
  await beaconApi({ serverUrl: a.url }).users.register(who);
  return who;
}

/** A confirmed mod of `who`, registered through instance a and the fake Steam. */
async function modOf(who: Identity): Promise<string> {
  const client = createClient({ serverUrl: a.url, identity: who });
  const id = await steamItem({ title: `Kept ${randomUUID().slice(0, 6)}` });
  expect((await client.request("POST", "/v1/mod.php", { body: { mod_id: id } })).status).toBe(200);
  const code = (await client.request("GET", `/v1/mod.php/${id}`)).json<{ confirmation_code: string }>()
    .confirmation_code;
  await steamItem({ publishedfileid: id, description: `Owner code: ${code}` });
  expect((await confirmMod(who, id, client)).json<{ confirmed: boolean }>().confirmed).toBe(true);
  return id;
}

const engram = (mod: string, name: string) => ({
  path: `/Game/Mods/Kept${mod}/${name}.${name}`,
  label: `Kept ${name}`,
  mod_id: mod,
  environments: ["Island"],
  can_blueprint: true,
});

describe("the spawn page from memory", () => {
  let who: Identity;
  let mod: string;
  beforeAll(async () => {
    who = await user();
    mod = await modOf(who);
    expect(
      (
        await createClient({ serverUrl: a.url, identity: who }).request("POST", "/v1/engram.php", {
          body: engram(mod, "Alpha"),
        })
      ).status,
    ).toBe(200);
  });

  it("is the same page, nonce included, until its engrams change on any instance; then the new one at once", async () => {
    const path = `/spawn/?mod_id=${mod}`;
    const first = await page(a, path);
    expect(first.html).toContain("Kept Alpha");
    const again = await page(a, path);
    expect(again.csp).toBe(first.csp);
    expect(again.html).toBe(first.html);
    expect(again.etag).toBe(first.etag);
    expect((await page(b, path)).html).toContain("Kept Alpha");

    // written through the other instance, read here at once
    expect(
      (
        await createClient({ serverUrl: b.url, identity: who }).request("POST", "/v1/engram.php", {
          body: engram(mod, "Beta"),
        })
      ).status,
    ).toBe(200);
    const after = await page(a, path);
    expect(after.html).toContain("Kept Beta");
    expect(nonceOf(after.csp)).not.toBe(nonceOf(first.csp));
    expect(after.etag).not.toBe(first.etag);
    // and a removal, read through the other instance
    const owner = createClient({ serverUrl: a.url, identity: who });
    const beta = (await owner.request("GET", `/v1/engram.php?mod_id=${mod}`))
      .json<{ path: string; uid: string }[]>()
      .find((e) => e.path === engram(mod, "Beta").path);
    expect(
      (await owner.request("DELETE", "/v1/engram.php", { body: beta?.uid ?? "", contentType: "text/plain" })).status,
    ).toBe(200);
    const removed = await page(b, path);
    expect(removed.html).not.toContain("Kept Beta");
  });

  it("keeps the security headers: a nonce CSP without 'unsafe-inline' scripts that every script tag carries, nosniff, DENY", async () => {
    const path = `/spawn/?mod_id=${mod}&q=alpha`;
    await page(a, path);
    const kept = await page(a, path);
    expect(kept.csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(/script-src[^;]*unsafe-inline/.test(kept.csp)).toBe(false);
    expect(kept.csp).toContain("frame-ancestors 'none'");
    expect(kept.headers.get("x-content-type-options")).toBe("nosniff");
    expect(kept.headers.get("x-frame-options")).toBe("DENY");
    expect(kept.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(kept.headers.get("cache-control")).toBe("no-cache");
    expect(kept.headers.get("vary")).toMatch(/Accept-Language/);
    const scripts = kept.html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonceOf(kept.csp)}"`);
  });

  it("answers If-None-Match with a 304 and serves brotli and gzip forms of the same bytes", async () => {
    const path = `/spawn/?mod_id=${mod}`;
    const plain = await get(a, path);
    const bytes = Buffer.from(await plain.arrayBuffer());
    const etag = plain.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const notModified = await get(a, path, { "if-none-match": etag });
    expect(notModified.status).toBe(304);
    expect((await notModified.arrayBuffer()).byteLength).toBe(0);
    expect(notModified.headers.get("etag")).toBe(etag);

    const raw = async (encoding: string) => {
      const res = await fetch(`${a.url}${path}`, { headers: { "accept-encoding": encoding } });
      return {
        encoding: res.headers.get("content-encoding"),
        etag: res.headers.get("etag"),
        body: Buffer.from(await res.arrayBuffer()),
      };
    };
    // fetch undoes a Content-Encoding itself: the header says what was sent
    const br = await raw("br");
    const gz = await raw("gzip");
    expect(br.encoding).toBe("br");
    expect(gz.encoding).toBe("gzip");
    expect(br.body.equals(bytes) && gz.body.equals(bytes)).toBe(true);
    expect(br.etag).toBe(etag);
  });

  it("keeps one page per reader's locale", async () => {
    const path = `/spawn/?mod_id=${mod}&tab=creatures`;
    const en = await page(a, path, { "accept-language": "en" });
    const de = await page(a, path, { "accept-language": "de-DE,de;q=0.9" });
    expect(nonceOf(de.csp)).not.toBe(nonceOf(en.csp));
    expect((await page(a, path, { "accept-language": "de-DE,de;q=0.9" })).csp).toBe(de.csp);
    expect((await page(a, path, { "accept-language": "en" })).csp).toBe(en.csp);
  });

  it("keeps neither a 404 nor Next.js's client navigations, and HEAD is answered", async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await get(a, "/spawn/?mod_id=987654321");
      expect(missing.status).toBe(404);
      expect(await missing.text()).toMatch(/<h1[^>]*>This mod is not registered<\/h1>/);
    }
    const path = `/spawn/?mod_id=${mod}`;
    const kept = await page(a, path);
    const rsc = await get(a, path, { rsc: "1" });
    expect(rsc.status).toBe(200);
    expect(rsc.headers.get("content-type")).toMatch(/^text\/x-component/);
    expect((await page(a, path)).csp).toBe(kept.csp);
    const head = await fetch(`${a.url}${path}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toMatch(/^text\/html/);
  });
});

describe("/documents and / from memory", () => {
  const publish = async (who: Identity, name: string) => {
    const id = randomUUID();
    const body = { Identifier: id, Title: name, Description: "Crates", LootSources: [], Version: 2 };
    expect(
      (await createClient({ serverUrl: b.url, identity: who }).request("POST", "/v1/document.php", { body })).status,
    ).toBe(200);
    return id;
  };

  it("shows a document published or downloaded through the other instance, and its author's new name, at once", async () => {
    const who = await user();
    const list = await page(a, "/documents");
    expect((await page(a, "/documents")).csp).toBe(list.csp);
    const homeBefore = await page(a, "/");
    expect((await page(a, "/")).csp).toBe(homeBefore.csp);
    const documentsStat = (html: string) =>
      Number(/data-stat="Documents"[^>]*>([\d,]+)</.exec(html)?.[1]?.replace(/,/g, ""));
    const before = documentsStat(homeBefore.html);

    const id = await publish(who, `Kept list ${who.userId.slice(0, 8)}`);
    const listed = await page(a, "/documents");
    expect(listed.html).toContain(`data-document="${id}"`);
    expect(documentsStat((await page(a, "/")).html)).toBe(before + 1);

    // the author's display name, set while the listing is kept (nothing else changed)
    const name = `Keeper${who.userId.slice(0, 6)}`;
    await setDisplayName(db, { userId: who.userId, name });
    expect((await page(a, "/documents")).html).toContain(name);

    // a download moves the count shown
    expect((await fetch(`${b.url}/v1/document.php/${id}`)).status).toBe(200);
    const downloaded = await page(a, "/documents?sort=downloads");
    expect(downloaded.html).toMatch(new RegExp(`data-document="${id}"[\\s\\S]*?data-downloads="1"`));
    await uniqueCounted(id);
  });

  it("keeps a document's page for visitors who are not signed in, and shows its downloads at once", async () => {
    const who = await user();
    const id = await publish(who, `Kept page ${who.userId.slice(0, 8)}`);
    const path = `/documents/${id}`;
    const first = await page(a, path);
    expect(first.html).toMatch(/data-testid="download-count">0</);
    expect((await page(a, path)).csp).toBe(first.csp);
    expect((await fetch(`${b.url}/v1/document.php/${id}`)).status).toBe(200);
    const downloaded = await page(a, path);
    expect(downloaded.html).toMatch(/data-testid="download-count">1</);
    // a request with a session is rendered for it, each time (the author sees Edit)
    const session = { cookie: "authjs.session-token=not-a-real-session" };
    const signedIn = await page(a, path, session);
    expect(signedIn.csp).not.toBe(downloaded.csp);
    expect((await page(a, path, session)).csp).not.toBe(signedIn.csp);
    await uniqueCounted(id);
  });

  it("keeps each search, filter and page address apart", async () => {
    const who = await user();
    const word = `zq${who.userId.slice(0, 6)}`;
    const none = await page(a, `/documents?q=${word}`);
    expect(none.html).not.toContain("data-document=");
    await publish(who, `Kept ${word}`);
    const found = await page(a, `/documents?q=${word}`);
    expect(found.html.match(/data-document="/g)).toHaveLength(1);
    expect((await page(a, `/documents?q=${word}&page=2`)).html).not.toContain("data-document=");
  });
});
