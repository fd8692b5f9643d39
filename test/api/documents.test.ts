// /v1/document.php over real HTTP: docs/CONTRACT.md#signing, #errors, #documents. Runs once
// per engine.
import { randomBytes, randomUUID } from "node:crypto";
import { connect } from "node:net";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { signedContent } from "@/lib/auth/signed-content";
import { basicAuthorization, type Identity } from "@/lib/client/identity";
import { api, expectJsonError, registeredUser, testDb } from "../support/api";
import { tracedDb } from "../support/query-plan";

interface Meta {
  document_id: string;
  user_id: string;
  name: string;
  description: string;
  revision: number;
  download_count: number;
  last_updated: string;
  resource_url: string;
}

const base = () => inject("serverUrl");
const docCount = () => testDb().document.count();
const contentCount = () => testDb().documentContent.count();
const content = (over: Record<string, unknown> = {}) => ({
  Identifier: randomUUID(),
  Title: "Loot",
  Description: "Crates",
  LootSources: [],
  Version: 2,
  ...over,
});

async function publish(identity: Identity, body: unknown, contentType?: string) {
  return api(identity).request("POST", "/v1/document.php", { body, contentType });
}

async function published(identity: Identity, over: Record<string, unknown> = {}): Promise<string> {
  const doc = content(over);
  const res = await publish(identity, doc);
  if (res.status !== 200) throw new Error(`publish failed: ${res.status} ${res.text()}`);
  return String(doc.Identifier).toLowerCase();
}

/** The status line and headers exactly as the server wrote them. */
function rawResponseHead(target: string): Promise<string> {
  const { hostname, port } = new URL(base());
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
    );
    let data = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const end = data.indexOf("\r\n\r\n");
      if (end >= 0) {
        socket.destroy();
        resolve(data.subarray(0, end).toString("latin1"));
      }
    });
    socket.on("error", reject);
  });
}

const meta = async (id: string) => (await api().request("GET", `/v1/document.php/${id}?simple`)).json<Meta>();
const download = (id: string, headers: Record<string, string> = {}) =>
  api().request("GET", `/v1/document.php/${id}`, { headers });

describe("POST /v1/document.php", () => {
  it("publishes a document and serves back the exact bytes sent", async () => {
    const alice = await registeredUser();
    const id = randomUUID();
    // odd spacing, key order, number spelling and escapes: all must survive untouched
    const raw = `{ "Version" : 2.0, "Title":"Caf\\u00e9 \u00e9",  "Identifier": "${id.toUpperCase()}",\n "LootSources":[ {"z":1,"a":2} ] }\n`;
    const res = await publish(alice, raw, "application/json");
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
    const got = await download(id);
    expect(got.status).toBe(200);
    expect(got.headers["content-type"]).toBe("application/octet-stream");
    expect(got.body.equals(Buffer.from(raw))).toBe(true);
  });

  it("returns metadata in the interface's shape, ids lowercase, Description defaulting to empty", async () => {
    const alice = await registeredUser();
    const id = randomUUID();
    expect((await publish(alice, { Identifier: id.toUpperCase(), Title: "Only a title" })).status).toBe(200);
    const m = await meta(id.toUpperCase());
    expect(Object.keys(m)).toEqual([
      "document_id",
      "user_id",
      "name",
      "description",
      "revision",
      "download_count",
      "last_updated",
      "resource_url",
    ]);
    expect(m).toMatchObject({
      document_id: id,
      user_id: alice.userId,
      name: "Only a title",
      description: "",
      revision: 1,
      download_count: 0,
    });
    expect(m.resource_url).toBe(`${base()}/v1/document.php/${id}`);
    expect(m.last_updated).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\+0000$/);
    expect(Math.abs(Date.parse(m.last_updated.replace(" ", "T").replace("+0000", "Z")) - Date.now())).toBeLessThan(
      60_000,
    );
  });

  it("updates the caller's document: revision +1, new last_updated and content, download_count kept", async () => {
    const alice = await registeredUser();
    const id = await published(alice, { Title: "v1", Description: "first" });
    await download(id);
    await download(id);
    const before = await meta(id);
    await testDb().document.update({ where: { id }, data: { lastUpdated: new Date("2020-01-01T00:00:00Z") } });
    const v2 = JSON.stringify(content({ Identifier: id, Title: "v2", Description: "second", Version: 3 }));
    expect((await publish(alice, v2, "application/json")).status).toBe(200);
    const after = await meta(id);
    expect(after).toMatchObject({
      name: "v2",
      description: "second",
      revision: before.revision + 1,
      download_count: 2,
    });
    expect(after.last_updated).not.toBe("2020-01-01 00:00:00+0000");
    expect((await download(id)).text()).toBe(v2);
    expect((await meta(id)).download_count).toBe(3);
  });

  it("publishes an array all at once, keeping each element's own text", async () => {
    const alice = await registeredUser();
    const [a, b] = [randomUUID(), randomUUID()];
    const elementA = `{"Title":"A","Identifier":"${a}","n":1.50}`;
    const elementB = `{\n  "Identifier": "${b}",\n  "Title": "B",\n  "Description": "d"\n}`;
    expect((await publish(alice, ` [ ${elementA} ,\n${elementB}\n] `, "application/json")).status).toBe(200);
    expect((await download(a)).text()).toBe(elementA);
    expect((await download(b)).text()).toBe(elementB);
  });

  it("writes nothing when one item of an array is bad, and names it", async () => {
    const alice = await registeredUser();
    const good = content();
    const before = await docCount();
    const err = expectJsonError(await publish(alice, [good, { Identifier: "not-a-uuid", Title: "x" }]), 400);
    expect(err.details).toMatchObject({ index: 1 });
    expect(await docCount()).toBe(before);
    expect((await download(String(good.Identifier))).status).toBe(404);
  });

  it.each<[string, unknown]>([
    ["a non-UUID Identifier", { Identifier: "12345", Title: "x" }],
    ["no Identifier", { Title: "x" }],
    ["no Title", { Identifier: randomUUID() }],
    ["an empty Title", { Identifier: randomUUID(), Title: "  " }],
    ["a numeric Title", { Identifier: randomUUID(), Title: 7 }],
    ["a numeric Identifier", { Identifier: 7, Title: "x" }],
    ["an object Description", { Identifier: randomUUID(), Title: "x", Description: { a: 1 } }],
    ["a NUL in the Title", { Identifier: randomUUID(), Title: "a\u0000b" }],
    ["an empty array", []],
    ["a string", "hello"],
    ["a number", 42],
    ["null", null],
    ["an array holding a non-object", [content(), 5]],
  ])("refuses %s with 400 and writes nothing", async (_name, payload) => {
    const alice = await registeredUser();
    const [docs, contents] = [await docCount(), await contentCount()];
    expectJsonError(await publish(alice, JSON.stringify(payload), "application/json"), 400);
    expect([await docCount(), await contentCount()]).toEqual([docs, contents]);
  });

  it("refuses the same Identifier twice in one array", async () => {
    const alice = await registeredUser();
    const doc = content();
    expectJsonError(await publish(alice, [doc, { ...doc, Identifier: String(doc.Identifier).toUpperCase() }]), 400);
    expect((await download(String(doc.Identifier))).status).toBe(404);
  });

  it("refuses non-JSON, a wrong Content-Type and invalid UTF-8 with 400", async () => {
    const alice = await registeredUser();
    const before = await docCount();
    expectJsonError(await publish(alice, '{"Identifier":', "application/json"), 400);
    expectJsonError(await publish(alice, "Identifier=x&Title=y", "application/x-www-form-urlencoded"), 400);
    expectJsonError(await publish(alice, JSON.stringify(content()), "text/plain"), 400);
    expectJsonError(await publish(alice, Buffer.from([0x7b, 0xff, 0x7d]), "application/json"), 400);
    expect(await docCount()).toBe(before);
  });

  it("refuses a body over MAX_BODY_BYTES with 413 and writes nothing", async () => {
    const alice = await registeredUser();
    const before = await docCount();
    const big = JSON.stringify(content({ Blob: "x".repeat(inject("maxBodyBytes")) }));
    expectJsonError(await publish(alice, big, "application/json"), 413);
    expect(await docCount()).toBe(before);
  });

  it("requires a signature: 401", async () => {
    const before = await docCount();
    const res = await api().request("POST", "/v1/document.php", { body: content() });
    expectJsonError(res, 401);
    expect(res.headers["www-authenticate"]).toBe('Basic realm="Beacon API"');
    expect(await docCount()).toBe(before);
  });

  it("refuses another user's document with 403 for the whole request, leaving both users' documents intact", async () => {
    const alice = await registeredUser();
    const bob = await registeredUser();
    const alicesDoc = content({ Title: "alice's" });
    const bobsOwn = await published(bob, { Title: "bob's own" });
    expect((await publish(alice, alicesDoc)).status).toBe(200);
    const fresh = content({ Title: "bob's new" });
    const before = await docCount();
    expectJsonError(await publish(bob, { ...alicesDoc, Title: "stolen" }), 403);
    expectJsonError(
      await publish(bob, [
        fresh,
        { ...alicesDoc, Title: "stolen" },
        { ...content({ Identifier: bobsOwn }), Title: "renamed" },
      ]),
      403,
    );
    expect(await docCount()).toBe(before);
    expect((await download(String(fresh.Identifier))).status).toBe(404);
    expect(await meta(String(alicesDoc.Identifier))).toMatchObject({
      name: "alice's",
      user_id: alice.userId,
      revision: 1,
    });
    expect(JSON.parse((await download(String(alicesDoc.Identifier))).text())).toEqual(alicesDoc);
    expect(await meta(bobsOwn)).toMatchObject({ name: "bob's own", revision: 1 });
  });

  it("lets exactly one of two users win concurrent first publishes of the same id", async () => {
    const alice = await registeredUser();
    const bob = await registeredUser();
    const doc = content();
    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, i) => publish(i % 2 ? bob : alice, { ...doc, Title: `try ${i}` })),
    );
    const m = await meta(String(doc.Identifier));
    const ownerIsAlice = m.user_id === alice.userId;
    attempts.forEach((res, i) => expect(res.status).toBe((i % 2 === 0) === ownerIsAlice ? 200 : 403));
    expect(m.revision).toBe(5);
    expect(await testDb().document.count({ where: { id: String(doc.Identifier) } })).toBe(1);
  });

  it("resolves a race of first publishes in the database: one owner, the rest 403 (publishDocuments in-process)", async () => {
    const { publishDocuments } = await import("@/lib/documents/publish-documents");
    const [alice, bob] = [await registeredUser(), await registeredUser()];
    const id = randomUUID();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        publishDocuments(testDb(), {
          userId: (i % 2 ? bob : alice).userId,
          documents: [{ id, name: `n${i}`, description: "", maps: 0, items: [], content: Buffer.from(`{"i":${i}}`) }],
        }),
      ),
    );
    const m = await meta(id);
    const failures = results.flatMap((r) => (r.status === "rejected" ? [r.reason as { status?: number }] : []));
    expect(failures.map((f) => f.status)).toEqual(Array(10).fill(403));
    expect(m.revision).toBe(10);
  });

  it("accepts the document id after document.php/ when it matches the body, refuses it otherwise", async () => {
    const alice = await registeredUser();
    const doc = content();
    expectJsonError(await api(alice).request("POST", `/v1/document.php/${randomUUID()}`, { body: doc }), 400);
    expectJsonError(await api(alice).request("POST", "/v1/document.php/nope", { body: doc }), 400);
    expect((await download(String(doc.Identifier))).status).toBe(404);
    expect(
      (await api(alice).request("POST", `/v1/document.php/${String(doc.Identifier).toUpperCase()}`, { body: doc }))
        .status,
    ).toBe(200);
  });

  it("accepts a gzip request body; the signature covers the decoded body", async () => {
    const alice = await registeredUser();
    const raw = Buffer.from(JSON.stringify(content()));
    const id = (JSON.parse(raw.toString()) as { Identifier: string }).Identifier;
    const gz = gzipSync(raw);
    const send = (signedOver: Buffer) =>
      api().request("POST", "/v1/document.php", {
        body: gz,
        contentType: "application/json",
        headers: {
          "content-encoding": "gzip",
          authorization: basicAuthorization(alice, signedContent("POST", base(), "/v1/document.php", signedOver)),
        },
      });
    expectJsonError(await send(gz), 401);
    expect((await download(id)).status).toBe(404);
    expect((await send(raw)).status).toBe(200);
    expect((await download(id)).body.equals(raw)).toBe(true);
  });

  it("round-trips a 5 MB document byte for byte", async () => {
    const alice = await registeredUser();
    const id = randomUUID();
    const sources = Array.from({ length: 70_000 }, (_, i) => ({
      Label: `Crate ${i}`,
      Weight: i % 97,
      Items: [`/Game/Item${i % 500}.Item${i % 500}`],
    }));
    const raw = Buffer.from(
      JSON.stringify({
        Identifier: id,
        Title: "Big",
        LootSources: sources,
        Noise: randomBytes(900_000).toString("base64"),
      }),
    );
    expect(raw.length).toBeGreaterThan(5 * 1024 * 1024);
    expect((await publish(alice, raw, "application/json")).status).toBe(200);
    const got = await download(id);
    expect(got.status).toBe(200);
    expect(got.body.equals(raw)).toBe(true);
    expect(Number(got.headers["content-length"])).toBe(raw.length);
  });
});

describe("GET /v1/document.php/<id>", () => {
  it("counts every one of 50 concurrent downloads", async () => {
    const alice = await registeredUser();
    const id = await published(alice);
    const results = await Promise.all(Array.from({ length: 50 }, () => download(id)));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect((await meta(id)).download_count).toBe(50);
  });

  it("serves ?simple metadata without counting a download", async () => {
    const alice = await registeredUser();
    const id = await published(alice);
    for (let i = 0; i < 3; i++)
      expect((await api().request("GET", `/v1/document.php/${id}?simple`)).headers["content-type"]).toMatch(
        /^application\/json/,
      );
    expect((await meta(id)).download_count).toBe(0);
    await download(id);
    expect((await meta(id)).download_count).toBe(1);
  });

  it("names the file safely whatever the title holds", async () => {
    const alice = await registeredUser();
    const title = 'Évil "quote"\r\nSet-Cookie: pwned=1\n/../..\\x Ärger 日本';
    const id = await published(alice, { Title: title });
    const res = await download(id);
    expect(res.status).toBe(200);
    expect(res.headers["set-cookie"]).toBeUndefined();
    const header = String(res.headers["content-disposition"]);
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(header).toBe(
      `attachment; filename="Evil quoteSet-Cookie: pwned=1....x Arger __.beacon"; filename*=UTF-8''` +
        encodeURIComponent('Évil "quote"Set-Cookie: pwned=1....x Ärger 日本.beacon'),
    );
    // The bytes on the wire: one Content-Disposition line, nothing smuggled after it.
    const head = await rawResponseHead(`/v1/document.php/${id}`);
    const lines = head.split("\r\n");
    expect(lines.filter((l) => /^content-disposition:/i.test(l))).toEqual([`content-disposition: ${header}`]);
    expect(lines.some((l) => /^set-cookie:/i.test(l))).toBe(false);
    expect(head).toMatch(/^[\x20-\x7e\r\n]+$/);
    const ext = /filename\*=UTF-8''(\S+)$/.exec(header)![1]!;
    expect(decodeURIComponent(ext)).toBe('Évil "quote"Set-Cookie: pwned=1....x Ärger 日本.beacon');
    expect((await meta(id)).name).toBe(title);
  });

  it("answers 404 JSON for an unknown document and 400 for a non-UUID id", async () => {
    expectJsonError(await download(randomUUID()), 404);
    expectJsonError(await api().request("GET", `/v1/document.php/${randomUUID()}?simple`), 404);
    for (const target of [
      "/v1/document.php/abc",
      "/v1/document.php/'%20OR%201=1--",
      "/v1/document.php/..%2F..%2Fetc",
      "/v1/document.php/%ZZ",
    ]) {
      expectJsonError(await api().request("GET", target), 400);
    }
  });
});

describe("GET /v1/document.php/<id>,<id>", () => {
  it("returns the metadata of what was found, in the order asked, without counting downloads", async () => {
    const alice = await registeredUser();
    const a = await published(alice, { Title: "a" });
    const b = await published(alice, { Title: "b" });
    const res = await api().request("GET", `/v1/document.php/${b},${randomUUID()},${a.toUpperCase()}`);
    expect(res.status).toBe(200);
    const list = res.json<Meta[]>();
    expect(list.map((m) => m.name)).toEqual(["b", "a"]);
    expect(list[0]).toEqual(await meta(b));
    expect(list.every((m) => m.download_count === 0)).toBe(true);
    expect(res.json<Meta[]>()).toHaveLength(2);
  });

  it("answers 404 when none is found and 400 for a non-UUID id", async () => {
    expectJsonError(await api().request("GET", `/v1/document.php/${randomUUID()},${randomUUID()}`), 404);
    expectJsonError(await api().request("GET", `/v1/document.php/${randomUUID()},nope`), 400);
  });
});

describe("HEAD /v1/document.php/<id>", () => {
  it("answers 200 for a published document and 404 otherwise, without counting", async () => {
    const alice = await registeredUser();
    const id = await published(alice);
    const res = await api().request("HEAD", `/v1/document.php/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
    expect((await api().request("HEAD", `/v1/document.php/${id.toUpperCase()}`)).status).toBe(200);
    expect((await api().request("HEAD", `/v1/document.php/${randomUUID()}`)).status).toBe(404);
    expect((await meta(id)).download_count).toBe(0);
  });

  it("answers 405 for no id, several ids or a non-UUID id", async () => {
    const alice = await registeredUser();
    const id = await published(alice);
    for (const target of [
      "/v1/document.php",
      "/v1/document.php/",
      `/v1/document.php/${id},${id}`,
      `/v1/document.php/${id},${randomUUID()}`,
      "/v1/document.php/nope",
    ]) {
      const res = await api().request("HEAD", target);
      expect(res.status, target).toBe(405);
      expect(res.headers["allow"]).toContain("HEAD");
      expect(res.body.length).toBe(0);
    }
  });
});

describe("DELETE /v1/document.php", () => {
  it("deletes by path list, content and statistics included", async () => {
    const alice = await registeredUser();
    const [a, b] = [await published(alice), await published(alice)];
    await download(a);
    const res = await api(alice).request("DELETE", `/v1/document.php/${a},${b.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
    expect((await api().request("HEAD", `/v1/document.php/${a}`)).status).toBe(404);
    expect((await api().request("HEAD", `/v1/document.php/${b}`)).status).toBe(404);
    expect(await testDb().documentContent.count({ where: { documentId: { in: [a, b] } } })).toBe(0);
  });

  it("deletes by a text/plain body", async () => {
    const alice = await registeredUser();
    const [a, b, keep] = [await published(alice), await published(alice), await published(alice)];
    expect(
      (await api(alice).request("DELETE", "/v1/document.php", { body: `${a}, ${b}`, contentType: "text/plain" }))
        .status,
    ).toBe(200);
    expect(
      (await api().request("GET", `/v1/document.php/${a},${b},${keep}`)).json<Meta[]>().map((m) => m.document_id),
    ).toEqual([keep]);
  });

  it("refuses the whole request with 403 when any document is someone else's", async () => {
    const alice = await registeredUser();
    const bob = await registeredUser();
    const [mine, theirs] = [await published(bob), await published(alice)];
    expectJsonError(await api(bob).request("DELETE", `/v1/document.php/${theirs}`), 403);
    expectJsonError(
      await api(bob).request("DELETE", "/v1/document.php", { body: `${mine},${theirs}`, contentType: "text/plain" }),
      403,
    );
    expect((await api().request("GET", `/v1/document.php/${mine},${theirs}`)).json<unknown[]>()).toHaveLength(2);
  });

  it("requires a signature, ids that are UUIDs and at least one existing document", async () => {
    const alice = await registeredUser();
    const id = await published(alice);
    expectJsonError(await api().request("DELETE", `/v1/document.php/${id}`), 401);
    expectJsonError(await api(alice).request("DELETE", "/v1/document.php/nope"), 400);
    expectJsonError(await api(alice).request("DELETE", "/v1/document.php"), 400);
    expectJsonError(
      await api(alice).request("DELETE", "/v1/document.php", { body: id, contentType: "application/json" }),
      400,
    );
    expectJsonError(await api(alice).request("DELETE", `/v1/document.php/${randomUUID()}`), 404);
    expect((await api().request("HEAD", `/v1/document.php/${id}`)).status).toBe(200);
  });
});

describe("GET /v1/document.php (listing)", () => {
  interface Seeded {
    id: string;
    lastUpdated: Date;
    downloadCount: number;
  }

  /** Documents written straight to the database, with chosen times and counts (ties included). */
  async function seedDocuments(userId: string, rows: { at: string; count: number }[]): Promise<Seeded[]> {
    await testDb().user.createMany({ data: [{ id: userId, publicKey: "unused: never signs" }] });
    const docs = rows.map((r) => ({ id: randomUUID(), lastUpdated: new Date(r.at), downloadCount: r.count }));
    await testDb().document.createMany({
      data: docs.map((d, i) => ({ ...d, userId, name: `doc ${i}`, description: "" })),
    });
    await testDb().documentContent.createMany({
      data: docs.map((d) => ({
        documentId: d.id,
        encoding: "identity",
        body: new Uint8Array(Buffer.from("{}")),
        sha256: "0",
      })),
    });
    return docs;
  }

  const sample = [
    { at: "2026-01-01T00:00:00.000Z", count: 5 },
    { at: "2026-01-02T00:00:00.000Z", count: 0 },
    { at: "2026-01-02T00:00:00.000Z", count: 5 },
    { at: "2026-01-03T00:00:00.000Z", count: 5 },
    { at: "2026-01-03T00:00:00.000Z", count: 2 },
    { at: "2026-01-04T00:00:00.000Z", count: 0 },
  ];

  /** The order of docs/CONTRACT.md#documents: the sort column, then document_id, both in the requested direction. */
  function expected(docs: Seeded[], sort: "last_updated" | "download_count", direction: "asc" | "desc"): string[] {
    const key = (d: Seeded) => (sort === "last_updated" ? d.lastUpdated.getTime() : d.downloadCount);
    const sign = direction === "asc" ? 1 : -1;
    return [...docs]
      .sort((a, b) => sign * (key(a) - key(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
      .map((d) => d.id);
  }

  const list = async (query: string) => {
    const res = await api().request("GET", `/v1/document.php${query}`);
    expect(res.status, res.text()).toBe(200);
    return res.json<Meta[]>();
  };

  it.each([
    ["", "last_updated", "desc"],
    ["&sort=last_updated&direction=asc", "last_updated", "asc"],
    ["&sort=download_count", "download_count", "desc"],
    ["&sort=download_count&direction=asc", "download_count", "asc"],
  ] as const)("orders user_id's documents for '%s' with ties broken by document_id", async (extra, sort, direction) => {
    const userId = randomUUID();
    const docs = await seedDocuments(userId, sample);
    const got = await list(`?user_id=${userId.toUpperCase()}${extra}`);
    expect(got.map((m) => m.document_id)).toEqual(expected(docs, sort, direction));
    expect(got.every((m) => m.user_id === userId)).toBe(true);
    expect(Object.keys(got[0]!)).toEqual([
      "document_id",
      "user_id",
      "name",
      "description",
      "revision",
      "download_count",
      "last_updated",
      "resource_url",
    ]);
  });

  it("pages with count and offset: count=2&offset=2 is results 3-4", async () => {
    const userId = randomUUID();
    const docs = await seedDocuments(userId, sample);
    const all = expected(docs, "download_count", "desc");
    const page = (n: number) => list(`?user_id=${userId}&sort=download_count&count=2&offset=${n * 2}`);
    expect((await page(1)).map((m) => m.document_id)).toEqual(all.slice(2, 4));
    const pages = [...(await page(0)), ...(await page(1)), ...(await page(2)), ...(await page(3))];
    expect(pages.map((m) => m.document_id)).toEqual(all);
    expect(await list(`?user_id=${userId}&count=0`)).toEqual([]);
    expect(await list(`?user_id=${userId}&offset=99999999999`)).toEqual([]);
  });

  it("answers an unknown user with an empty array", async () => {
    expect(await list(`?user_id=${randomUUID()}`)).toEqual([]);
  });

  it.each([
    "sort=name",
    "direction=up",
    "count=1001",
    "count=-1",
    "count=ten",
    "offset=-5",
    "offset=",
    "user_id=nope",
    "sort=download_count&sort=last_updated",
  ])("refuses %s with 400", async (query) => {
    expectJsonError(await api().request("GET", `/v1/document.php?${query}`), 400);
  });

  describe("with thousands of documents", () => {
    const users = Array.from({ length: 40 }, () => randomUUID());
    let seeded = false;
    async function seedMany(): Promise<void> {
      if (seeded) return;
      seeded = true;
      for (const userId of users) {
        const rows = Array.from({ length: 100 }, (_, i) => ({
          at: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000 + Math.floor(Math.random() * 1000) * 60_000).toISOString(),
          count: Math.floor(Math.random() * 50),
        }));
        await seedDocuments(userId, rows);
      }
      if (inject("engine") === "postgresql") await testDb().$executeRawUnsafe("ANALYZE documents");
    }

    it("returns at most 1000 without count, and exactly count=1000", async () => {
      await seedMany();
      expect(await docCount()).toBeGreaterThan(4000);
      const page = await list("");
      expect(page).toHaveLength(1000);
      expect(await list("?count=1000&sort=download_count&direction=asc")).toHaveLength(1000);
      const dates = page.map((m) => m.last_updated);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it("is served by an index on both engines (EXPLAIN of Prisma's own query)", async () => {
      await seedMany();
      const { listDocuments } = await import("@/lib/documents/list-documents");
      const traced = tracedDb();
      try {
        const cases = [
          {
            userId: users[3],
            sort: "last_updated",
            direction: "desc",
            count: 1000,
            offset: 0,
            index: "documents_user_id_last_updated_id_idx",
          },
          {
            userId: users[7],
            sort: "download_count",
            direction: "asc",
            count: 10,
            offset: 20,
            index: "documents_user_id_download_count_id_idx",
          },
          {
            userId: undefined,
            sort: "last_updated",
            direction: "desc",
            count: 10,
            offset: 0,
            index: "documents_last_updated_id_idx",
          },
          {
            userId: undefined,
            sort: "download_count",
            direction: "desc",
            count: 25,
            offset: 50,
            index: "documents_download_count_id_idx",
          },
          {
            userId: undefined,
            sort: "last_updated",
            direction: "asc",
            count: 1000,
            offset: 0,
            index: "documents_last_updated_id_idx",
          },
        ] as const;
        const postgres = inject("engine") === "postgresql";
        for (const { index, ...c } of cases) {
          traced.queries.length = 0;
          await listDocuments(traced.db, { ...c, baseUrl: base() });
          const query = traced.queries.find((q) => /FROM\s+\S*documents/i.test(q.query))!;
          const plan = (await traced.plan(query)).join("\n");
          console.log(`${inject("engine")} plan for ${JSON.stringify(c)}:\n${plan}`);
          if (postgres) {
            // The planner's own choice: an index, never a full scan of documents...
            expect(plan).not.toMatch(/Seq Scan on documents/);
            expect(plan).toMatch(/(Index|Index Only|Bitmap Index) Scan( Backward)? (using|on) documents_\w+_idx/);
            // ...and the order itself can come from the matching index, with no sort step.
            const forced = (
              await traced.plan(query, ["enable_seqscan = off", "enable_bitmapscan = off", "enable_sort = off"])
            ).join("\n");
            expect(forced).toMatch(new RegExp(`Index Scan( Backward)? using ${index} on documents`));
            expect(forced).not.toMatch(/Sort/);
          } else {
            expect(plan).toMatch(new RegExp(`(SCAN|SEARCH) (main\\.)?documents USING (COVERING )?INDEX ${index}`));
            expect(plan).not.toMatch(/TEMP B-TREE/);
          }
        }
      } finally {
        await traced.close();
      }
    });
  });
});

describe("gzip responses (Accept-Encoding: gzip)", () => {
  it("compresses larger v1 replies for clients that accept gzip, and only for them", async () => {
    const alice = await registeredUser();
    for (let i = 0; i < 6; i++) await published(alice, { Title: `gzip listing ${i}`, Description: "d".repeat(100) });
    const target = `/v1/document.php?user_id=${alice.userId}`;
    const plain = await api().request("GET", target);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(plain.body.length).toBeGreaterThan(1024);
    const gz = await api().request("GET", target, { headers: { "accept-encoding": "gzip, deflate" } });
    expect(gz.status).toBe(200);
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(gz.headers["content-type"]).toMatch(/^application\/json/);
    expect(Number(gz.headers["content-length"])).toBe(gz.body.length);
    expect(gunzipSync(gz.body).toString()).toBe(plain.text());
    const refused = await api().request("GET", target, { headers: { "accept-encoding": "gzip;q=0, identity" } });
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });

  it("leaves small replies and HEAD uncompressed", async () => {
    const headers = { "accept-encoding": "gzip" };
    const small = await api().request("GET", `/v1/document.php/${randomUUID()}`, { headers });
    expect(small.status).toBe(404);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.text())).toHaveProperty("message");
    const alice = await registeredUser();
    const id = await published(alice);
    const head = await api().request("HEAD", `/v1/document.php/${id}`, { headers });
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBeUndefined();
  });

  it("gzips a download and still counts it", async () => {
    const alice = await registeredUser();
    const id = randomUUID();
    const raw = Buffer.from(
      JSON.stringify(
        content({ Identifier: id, LootSources: Array.from({ length: 2000 }, (_, i) => ({ Label: `Crate ${i}` })) }),
      ),
    );
    expect((await publish(alice, raw, "application/json")).status).toBe(200);
    const res = await download(id, { "accept-encoding": "gzip" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["content-type"]).toBe("application/octet-stream");
    expect(res.headers["content-disposition"]).toContain('filename="Loot.beacon"');
    expect(gunzipSync(res.body).equals(raw)).toBe(true);
    expect(res.headers["vary"]).toBe("Accept-Encoding");
    const stored = await testDb().documentContent.findUniqueOrThrow({
      where: { documentId: id },
      select: { encoding: true },
    });
    expect(stored.encoding).toBe("gzip");
    expect((await download(id)).body.equals(raw)).toBe(true);
    expect((await meta(id)).download_count).toBe(2);
  });

  it("applies to every v1 endpoint, user.php included", async () => {
    const ids = [await registeredUser(), await registeredUser(), await registeredUser()].map((i) => i.userId);
    const target = `/v1/user.php/${ids.join(",")}`;
    const res = await api().request("GET", target, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(res.body).toString())).toEqual((await api().request("GET", target)).json());
  });
});
