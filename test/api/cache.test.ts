// The read caches (docs/CONTRACT.md#caching), on each engine: ETag/304 on v1 GETs, precompressed catalogue
// bodies, and a cache that every write invalidates, whoever made it: this instance, a
// second instance on the same database, or the database itself (cascades).
import { createHash, randomUUID } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createClient } from "@/lib/client/http";
import type { Identity } from "@/lib/client/identity";
import { api, registeredUser, testDb } from "../support/api";
import { confirmedMod } from "../support/mods";
import { startServer, type TestServer } from "../support/test-server";

let second: TestServer;
beforeAll(async () => {
  second = await startServer({
    DATABASE_URL: inject("databaseUrl"),
    STEAM_API_URL: inject("steamUrl"),
    MAX_BODY_BYTES: String(inject("maxBodyBytes")),
  });
});
afterAll(async () => {
  await second.stop();
});

const engram = (mod: string, name: string) => ({
  path: `/Game/Mods/Cache${mod}/${name}.${name}`,
  label: `Cache ${name}`,
  mod_id: mod,
  environments: ["Island"],
  can_blueprint: true,
});
const labels = (body: unknown) => (body as { label: string }[]).map((e) => e.label);

async function ownerWithMod(): Promise<{ who: Identity; mod: string }> {
  const who = await registeredUser();
  return { who, mod: await confirmedMod(who) };
}

describe("conditional GET", () => {
  it("gives the catalogue an ETag and answers If-None-Match with an empty 304", async () => {
    const first = await api().request("GET", "/v1/engram.php");
    const etag = first.headers["etag"] as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await api().request("GET", "/v1/engram.php", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers["etag"]).toBe(etag);
    expect((await api().request("GET", "/v1/engram.php", { headers: { "if-none-match": '"other"' } })).status).toBe(
      200,
    );
  });

  it("covers other v1 GETs too: users and document metadata", async () => {
    const who = await registeredUser();
    const first = await api().request("GET", `/v1/user.php/${who.userId}`);
    const res = await api().request("GET", `/v1/user.php/${who.userId}`, {
      headers: { "if-none-match": `W/${first.headers["etag"]}, "x"` },
    });
    expect(res.status).toBe(304);
    const list = await api().request("GET", "/v1/document.php?count=5");
    expect(
      (
        await api().request("GET", "/v1/document.php?count=5", {
          headers: { "if-none-match": list.headers["etag"] as string },
        })
      ).status,
    ).toBe(304);
  });
});

describe("document downloads", () => {
  it("carry the hash of the bytes sent as ETag, in each form, on every download; a match is 304, a republish moves it", async () => {
    const who = await registeredUser();
    const id = randomUUID();
    const publish = (text: string) =>
      api(who).request("POST", "/v1/document.php", {
        body: { Identifier: id, Title: "ETag download", Payload: text.repeat(2000) },
      });
    expect((await publish("compressible loot ")).status).toBe(200);
    const hash = (bytes: Buffer) => `"${createHash("sha1").update(bytes).digest("base64url")}"`;
    const get = (headers: Record<string, string> = {}) => api().request("GET", `/v1/document.php/${id}`, { headers });
    const plain = await get();
    const gzip = await get({ "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(gunzipSync(gzip.body)).toEqual(plain.body);
    expect(plain.headers["etag"]).toBe(hash(plain.body));
    expect(gzip.headers["etag"]).toBe(hash(gzip.body));
    // Served again from memory: the same tags.
    expect((await get()).headers["etag"]).toBe(plain.headers["etag"]);
    expect((await get({ "accept-encoding": "gzip" })).headers["etag"]).toBe(gzip.headers["etag"]);
    const matched = await get({ "if-none-match": plain.headers["etag"] as string });
    expect([matched.status, matched.body.length]).toEqual([304, 0]);
    expect((await publish("changed loot ")).status).toBe(200);
    const changed = await get({ "if-none-match": plain.headers["etag"] as string });
    expect(changed.status).toBe(200);
    expect(changed.headers["etag"]).toBe(hash(changed.body));
    expect(changed.headers["etag"]).not.toBe(plain.headers["etag"]);
  });
});

describe("the engram catalogue cache", () => {
  it("serves brotli and gzip forms of the same bytes", async () => {
    const { who, mod } = await ownerWithMod();
    await api(who).request("POST", "/v1/engram.php", {
      body: Array.from({ length: 30 }, (_, i) => engram(mod, `Z${i}`)),
    });
    const plain = await api().request("GET", "/v1/engram.php");
    const br = await api().request("GET", "/v1/engram.php", { headers: { "accept-encoding": "gzip, br" } });
    const gz = await api().request("GET", "/v1/engram.php", { headers: { "accept-encoding": "gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.headers["etag"]).toBe(plain.headers["etag"]);
  });

  it("shows a write at once, on this instance and on another one with a warm cache", async () => {
    const { who, mod } = await ownerWithMod();
    const other = createClient({ serverUrl: second.url, identity: who });
    const path = `/v1/engram.php?mod_id=${mod}`;
    // warm both caches
    expect(labels((await api().request("GET", path)).json())).toEqual([]);
    expect(labels((await other.request("GET", path)).json())).toEqual([]);
    expect((await other.request("POST", "/v1/engram.php", { body: engram(mod, "A") })).status).toBe(200);
    expect(labels((await api().request("GET", path)).json())).toEqual(["Cache A"]);
    expect(labels((await api().request("GET", "/v1/engram.php")).json())).toContain("Cache A");
    expect((await api(who).request("POST", "/v1/engram.php", { body: engram(mod, "B") })).status).toBe(200);
    expect(labels((await other.request("GET", path)).json())).toEqual(["Cache A", "Cache B"]);
  });

  it("follows writes made by the database itself: a mod delete cascading to its engrams", async () => {
    const { who, mod } = await ownerWithMod();
    await api(who).request("POST", "/v1/engram.php", { body: [engram(mod, "Gone1"), engram(mod, "Gone2")] });
    const uid = (await api().request("GET", `/v1/engram.php?mod_id=${mod}`)).json<{ uid: string }[]>()[0]!.uid;
    expect((await api().request("GET", `/v1/engram.php/${uid}`)).status).toBe(200);
    expect((await api(who).request("DELETE", `/v1/mod.php/${mod}`)).status).toBe(200);
    expect(labels((await api().request("GET", "/v1/engram.php")).json())).not.toContain("Cache Gone1");
    expect((await api().request("GET", `/v1/engram.php/${uid}`)).status).toBe(404);
  });

  it("follows writes made straight to the database, and renames of mods", async () => {
    const { who, mod } = await ownerWithMod();
    await api(who).request("POST", "/v1/engram.php", { body: engram(mod, "Direct") });
    const etag = (await api().request("GET", `/v1/engram.php?mod_id=${mod}`)).headers["etag"] as string;
    await testDb().engram.updateMany({ where: { modId: mod }, data: { label: "Changed behind its back" } });
    const res = await api().request("GET", `/v1/engram.php?mod_id=${mod}`, { headers: { "if-none-match": etag } });
    expect(res.status).toBe(200);
    expect(labels(res.json())).toEqual(["Changed behind its back"]);
    await testDb().modRegistration.updateMany({ where: { confirmedModId: mod }, data: { name: "Renamed Mod" } });
    expect(
      (await api().request("GET", `/v1/engram.php?mod_id=${mod}`)).json<{ mod_name: string }[]>()[0]!.mod_name,
    ).toBe("Renamed Mod");
  });

  it("finds by uid and class from the cache in catalogue order", async () => {
    const { who, mod } = await ownerWithMod();
    // class names are not unique across mods: make these ones so
    await api(who).request("POST", "/v1/engram.php", { body: [engram(mod, `Beta${mod}`), engram(mod, `Alpha${mod}`)] });
    const all = (await api().request("GET", `/v1/engram.php?mod_id=${mod}`)).json<
      { uid: string; class: string; label: string }[]
    >();
    const res = await api().request("GET", `/v1/engram.php/${all[1]!.uid},${all[0]!.class.toUpperCase()}`);
    expect(labels(res.json())).toEqual([`Cache Alpha${mod}`, `Cache Beta${mod}`]);
  });
});

describe("/spawn/rows.json (served by server.ts, not Next.js)", () => {
  it("goes out brotli- or gzip-compressed with one ETag for every encoding, a 304 on a match, and the pages' security headers", async () => {
    const { who, mod } = await ownerWithMod();
    const items = Array.from({ length: 40 }, (_, i) => engram(mod, `Row${i}`));
    expect((await api(who).request("POST", "/v1/engram.php", { body: items })).status).toBe(200);
    const target = `/spawn/rows.json?mod_id=${mod}`;
    const plain = await api().request("GET", target);
    const br = await api().request("GET", target, { headers: { "accept-encoding": "gzip, deflate, br" } });
    const gz = await api().request("GET", target, { headers: { "accept-encoding": "gzip" } });
    expect([plain.status, br.status, gz.status]).toEqual([200, 200, 200]);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(plain.text()).map((r: unknown[]) => r[0])).toContain("Cache Row7");
    const etag = plain.headers["etag"] as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect([br.headers["etag"], gz.headers["etag"]]).toEqual([etag, etag]);
    for (const res of [plain, br]) {
      expect(res.headers["vary"]).toBe("Accept-Language, Accept-Encoding");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers["content-type"]).toBe("application/json");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("DENY");
    }
    const again = await api().request("GET", target, { headers: { "if-none-match": etag, "accept-encoding": "br" } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers["etag"]).toBe(etag);
    // A change moves the ETag.
    expect((await api(who).request("POST", "/v1/engram.php", { body: engram(mod, "Row41") })).status).toBe(200);
    const changed = await api().request("GET", target, { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers["etag"]).not.toBe(etag);
    const head = await api().request("HEAD", target);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    // The page's other parameters take the same path: GFI-coded rows in a locale, compressed.
    const coded = await api().request("GET", `${target}&gfi=1&locale=de`, { headers: { "accept-encoding": "br" } });
    expect(coded.headers["content-encoding"]).toBe("br");
    const codedRows = JSON.parse(brotliDecompressSync(coded.body).toString()) as unknown[][];
    expect(codedRows.length).toBe(41);
    expect(codedRows.every((r) => r.length === 8)).toBe(true);
    const bad = await api().request("GET", `${target}&kind=dinos`);
    expect([bad.status, bad.headers["x-content-type-options"]]).toEqual([400, "nosniff"]);
    expect((await api().request("GET", "/spawn/rows.json?mod_id=1")).status).toBe(404);
    expect((await api().request("POST", target, { body: "{}" })).status).toBe(405);
  });

  it("follows writes through another instance with both warm: a new engram, then the mod's removal", async () => {
    const { who, mod } = await ownerWithMod();
    expect((await api(who).request("POST", "/v1/engram.php", { body: engram(mod, "Warm") })).status).toBe(200);
    const other = createClient({ serverUrl: second.url, identity: who });
    const target = `/spawn/rows.json?mod_id=${mod}`;
    const labelsOf = (res: { text(): string }) => (JSON.parse(res.text()) as unknown[][]).map((r) => r[0]);
    expect(labelsOf(await other.request("GET", target))).toEqual(["Cache Warm"]);
    expect(labelsOf(await api().request("GET", target))).toEqual(["Cache Warm"]);
    expect((await api(who).request("POST", "/v1/engram.php", { body: engram(mod, "Next") })).status).toBe(200);
    expect(labelsOf(await other.request("GET", target))).toEqual(["Cache Next", "Cache Warm"]);
    expect((await other.request("DELETE", `/v1/mod.php/${mod}`)).status).toBe(200);
    expect((await api().request("GET", target)).status).toBe(404);
  });
});

describe("caches of signed and listed data", () => {
  it("stops accepting a deleted user's signatures on an instance that cached the key", async () => {
    const who = await registeredUser();
    const other = createClient({ serverUrl: second.url, identity: who });
    expect((await other.request("GET", "/v1/mod.php")).status).toBe(200); // key now cached there
    expect((await api(who).request("DELETE", `/v1/user.php/${who.userId}`)).status).toBe(200);
    expect((await other.request("GET", "/v1/mod.php")).status).toBe(401);
  });

  it("shows a mod registered through another instance in the caller's cached list", async () => {
    const who = await registeredUser();
    const other = createClient({ serverUrl: second.url, identity: who });
    expect((await api(who).request("GET", "/v1/mod.php")).json()).toEqual([]);
    const mod = await confirmedMod(who); // through the main instance
    expect((await other.request("GET", "/v1/mod.php")).json<{ mod_id: string; confirmed: boolean }[]>()).toEqual([
      expect.objectContaining({ mod_id: mod, confirmed: true }),
    ]);
  });

  it("re-sorts a cached document listing after downloads change the counts", async () => {
    const who = await registeredUser();
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    for (const id of ids) {
      expect(
        (
          await api(who).request("POST", "/v1/document.php", {
            body: { Identifier: id, Title: `Cached ${id}`, Version: 1 },
          })
        ).status,
      ).toBe(200);
    }
    const path = `/v1/document.php?user_id=${who.userId}&sort=download_count&direction=desc`;
    const order = async (client = api()) =>
      (await client.request("GET", path)).json<{ document_id: string }[]>().map((d) => d.document_id);
    const before = await order();
    const underdog = before[1]!;
    const other = createClient({ serverUrl: second.url });
    expect(await order(other)).toEqual(before);
    for (let i = 0; i < 3; i++) expect((await other.request("GET", `/v1/document.php/${underdog}`)).status).toBe(200);
    expect((await order())[0]).toBe(underdog);
  });
});
