// Hostile input over real HTTP (docs/CONTRACT.md#errors): malformed, truncated and deeply
// nested JSON, wrong types for every key, NUL bytes and invalid UTF-8, SQL-injection and
// path-traversal strings, 10,000 ids, bad count/offset, oversized bodies, wrong methods
// and malformed HTTP. Every case must be a 4xx JSON error, never a 5xx; after each group
// the server is still healthy and the database is byte for byte what it was. The server
// is a dedicated one on its own database: other suites' writes would blur the comparison.
import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ClientResponse } from "@/lib/client/http";
import type { Identity } from "@/lib/client/identity";
import { snapshot, type Snapshot } from "../support/db-snapshot";
import { steamItem } from "../support/steam";
import {
  client,
  confirmModOn,
  dedicatedServer,
  errorShapeProblem,
  leaks,
  rawExchange,
  registerUser,
  type Dedicated,
} from "../support/hostile";

const engine = inject("engine");
const MAX_BODY = 1024 * 1024;

let dedicated: Dedicated;
let url: string;
let owner: Identity;
let modId: string;
let documentId: string;
const errorBodies: string[] = [];

beforeAll(async () => {
  dedicated = await dedicatedServer("hostile", { MAX_BODY_BYTES: String(MAX_BODY) });
  url = dedicated.server.url;
  owner = await registerUser(url);
  modId = await confirmModOn(url, owner);
  const c = client(url, owner);
  const engram = await c.request("POST", "/v1/engram.php", {
    body: { path: `/Game/Mods/H/Seed_${modId}.Seed_${modId}`, label: "Seed", mod_id: modId, environments: ["Island"] },
  });
  expect(engram.status).toBe(200);
  documentId = randomUUID();
  const doc = await c.request("POST", "/v1/document.php", {
    body: { Identifier: documentId, Title: "Seed", Description: "", LootSources: [] },
  });
  expect(doc.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await dedicated?.close();
});

interface Case {
  name: string;
  method: string;
  /** a function when the target needs the seeded ids */
  target: string | (() => string);
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  /** sign with the seeded owner (default: for every method but GET/HEAD on public endpoints) */
  sign?: boolean;
  /** the exact status wanted; any 4xx when absent */
  status?: number;
}

const deepArray = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
const uuids = (n: number) => Array.from({ length: n }, () => randomUUID()).join(",");
const INVALID_UTF8 = Buffer.from([
  0x7b, 0x22, 0x54, 0x69, 0x74, 0x6c, 0x65, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0xfe, 0x22, 0x7d,
]);
const engramOf = (over: Record<string, unknown>) => ({
  path: `/Game/Mods/H/X_${randomUUID().slice(0, 8)}.X`,
  label: "X",
  mod_id: modId,
  environments: ["Island"],
  can_blueprint: true,
  ...over,
});
const documentOf = (over: Record<string, unknown>) => ({
  Identifier: randomUUID(),
  Title: "T",
  Description: "D",
  ...over,
});

async function run(c: Case): Promise<ClientResponse> {
  const target = typeof c.target === "function" ? c.target() : c.target;
  const sign = c.sign ?? !(c.method === "GET" || c.method === "HEAD" || target.startsWith("/v1/user.php"));
  const body = typeof c.body === "function" ? (c.body as () => unknown)() : c.body;
  return client(url, sign ? owner : undefined).request(c.method, target, {
    body,
    contentType: c.contentType,
    headers: c.headers,
  });
}

function check(c: Case, res: ClientResponse): void {
  const body = res.body.toString("utf8");
  errorBodies.push(body);
  const where = `${c.name}: ${res.status} ${body.slice(0, 300)}`;
  if (c.status !== undefined) expect(res.status, where).toBe(c.status);
  expect(res.status >= 400 && res.status < 500, where).toBe(true);
  // A HEAD reply has no body: its headers still say JSON.
  if (c.method === "HEAD") expect(String(res.headers["content-type"]), where).toMatch(/^application\/json/);
  else expect(errorShapeProblem(res), where).toBeNull();
  expect(leaks(body), where).toEqual([]);
}

/** One describe per group: its cases, then the server's health and the database's bytes. */
function group(name: string, cases: () => Case[]) {
  describe(name, () => {
    let before: Snapshot;
    beforeAll(async () => {
      before = await snapshot(dedicated.database.url);
    });
    for (const c of cases()) {
      it(c.name, async () => check(c, await run(c)));
    }
    it("leaves the server healthy and the database unchanged", async () => {
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await client(url).request("GET", `/v1/user.php/${owner.userId}`)).status).toBe(200);
      expect(await snapshot(dedicated.database.url)).toEqual(before);
    });
  });
}

describe(`hostile input on ${engine}`, () => {
  group("malformed, truncated and deeply nested JSON", () => [
    {
      name: "user: truncated object",
      method: "POST",
      target: "/v1/user.php",
      body: '{"user_id": "',
      contentType: "application/json",
      status: 400,
    },
    {
      name: "user: unterminated array",
      method: "POST",
      target: "/v1/user.php",
      body: "[",
      contentType: "application/json",
      status: 400,
    },
    {
      name: "user: empty body",
      method: "POST",
      target: "/v1/user.php",
      body: "",
      contentType: "application/json",
      status: 400,
    },
    {
      name: "user: null",
      method: "POST",
      target: "/v1/user.php",
      body: "null",
      contentType: "application/json",
      status: 400,
    },
    {
      name: "user: a bare number",
      method: "POST",
      target: "/v1/user.php",
      body: "42",
      contentType: "application/json",
      status: 400,
    },
    {
      name: "user: empty array",
      method: "POST",
      target: "/v1/user.php",
      body: "[]",
      contentType: "application/json",
      status: 400,
    },
    {
      name: "user: trailing garbage",
      method: "POST",
      target: "/v1/user.php",
      body: "{}x",
      contentType: "application/json",
      status: 400,
    },
    {
      name: "user: byte order mark before JSON",
      method: "POST",
      target: "/v1/user.php",
      body: "\uFEFF{}",
      contentType: "application/json",
      status: 400,
    },
    {
      name: "user: 100,000 nested arrays",
      method: "POST",
      target: "/v1/user.php",
      body: deepArray(100_000),
      contentType: "application/json",
      status: 400,
    },
    {
      name: "user: 50,000 nested objects",
      method: "POST",
      target: "/v1/user.php",
      body: deepObject(50_000),
      contentType: "application/json",
      status: 400,
    },
    {
      name: "mod: truncated",
      method: "POST",
      target: "/v1/mod.php",
      body: '[{"mod_id": 12',
      contentType: "application/json",
      status: 400,
    },
    {
      name: "mod: JSON sent as text/plain",
      method: "POST",
      target: "/v1/mod.php",
      body: '{"mod_id":"1"}',
      contentType: "text/plain",
      status: 400,
    },
    {
      name: "mod: deeply nested mod_id",
      method: "POST",
      target: "/v1/mod.php",
      body: `{"mod_id":${deepArray(100_000)}}`,
      contentType: "application/json",
      status: 400,
    },
    {
      name: "engram: array of scalars",
      method: "POST",
      target: "/v1/engram.php",
      body: "[1,2,3]",
      contentType: "application/json",
      status: 400,
    },
    {
      name: "engram: deeply nested environments",
      method: "POST",
      target: "/v1/engram.php",
      body: () => `{"path":"/Game/A.A","label":"a","mod_id":${modId},"environments":${deepArray(100_000)}}`,
      contentType: "application/json",
      status: 400,
    },
    {
      name: "engram: deeply nested object in environments",
      method: "POST",
      target: "/v1/engram.php",
      body: `{"path":"/Game/A.A","label":"a","mod_id":1,"environments":${deepObject(50_000)}}`,
      contentType: "application/json",
      status: 400,
    },
    {
      name: "document: truncated",
      method: "POST",
      target: "/v1/document.php",
      body: '{"Identifier":"',
      contentType: "application/json",
      status: 400,
    },
    {
      name: "document: no Content-Type",
      method: "POST",
      target: "/v1/document.php",
      body: Buffer.from('{"Title":"x"}'),
      contentType: "",
      status: 400,
    },
    {
      name: "document: 100,000 nested arrays as the body",
      method: "POST",
      target: "/v1/document.php",
      body: deepArray(100_000),
      contentType: "application/json",
      status: 400,
    },
    {
      name: "document: nested array as Identifier",
      method: "POST",
      target: "/v1/document.php",
      body: `{"Identifier":${deepArray(100_000)},"Title":"x"}`,
      contentType: "application/json",
      status: 400,
    },
  ]);

  group("every key with every wrong type", () => {
    const wrong = [null, true, 1.5, -1, [], {}, "", "x".repeat(5000)];
    const cases: Case[] = [];
    for (const v of wrong) {
      cases.push({
        name: `user: user_id = ${JSON.stringify(v).slice(0, 20)}`,
        method: "POST",
        target: "/v1/user.php",
        body: { user_id: v, public_key: "00" },
        status: 400,
      });
    }
    cases.push(
      {
        name: "user: public_key = 12",
        method: "POST",
        target: "/v1/user.php",
        body: { user_id: randomUUID(), public_key: 12 },
        status: 400,
      },
      {
        name: "user: public_key = {}",
        method: "POST",
        target: "/v1/user.php",
        body: { user_id: randomUUID(), public_key: {} },
        status: 400,
      },
      {
        name: "user: public_key = 1 MB of hex",
        method: "POST",
        target: "/v1/user.php",
        body: { user_id: randomUUID(), public_key: "ab".repeat(400_000) },
        status: 400,
      },
    );
    for (const v of [null, true, 1.5, -7, 0, 1e308, [], {}, "12a", "9".repeat(40)]) {
      cases.push({
        name: `mod: mod_id = ${JSON.stringify(v).slice(0, 20)}`,
        method: "POST",
        target: "/v1/mod.php",
        body: { mod_id: v },
        status: 400,
      });
    }
    for (const v of [
      12,
      {},
      "javascript:alert(1)",
      "file:///etc/passwd",
      "http://exa mple.com/",
      "http://example.com/\u0000",
    ]) {
      cases.push({
        name: `mod: pull_url = ${JSON.stringify(v).slice(0, 24)}`,
        method: "POST",
        target: "/v1/mod.php",
        body: () => ({ mod_id: modId, pull_url: v }),
        status: 400,
      });
    }
    const engramWrong: [string, unknown][] = [
      ["path", 12],
      ["path", null],
      ["path", ["/Game/A.A"]],
      ["path", "no-slash.A"],
      ["path", "/Game/../../etc/passwd"],
      ["path", `/Game/${"a".repeat(2000)}.A`],
      ["label", 7],
      ["label", ""],
      ["label", {}],
      ["label", "x".repeat(600)],
      ["label", "nul\u0000label"],
      ["mod_id", true],
      ["mod_id", []],
      ["mod_id", -5],
      ["mod_id", 1.5],
      ["environments", 3],
      ["environments", {}],
      ["environments", [1]],
      ["environments", ["Nowhere"]],
      ["environments", ""],
      ["environments", []],
      ["can_blueprint", "maybe"],
      ["can_blueprint", 2],
      ["can_blueprint", {}],
    ];
    for (const [key, v] of engramWrong) {
      cases.push({
        name: `engram: ${key} = ${JSON.stringify(v).slice(0, 24)}`,
        method: "POST",
        target: "/v1/engram.php",
        body: () => engramOf({ [key]: v }),
        status: 400,
      });
    }
    cases.push({
      name: "engram: a valid item then a bad one (all or nothing)",
      method: "POST",
      target: "/v1/engram.php",
      body: () => [engramOf({}), engramOf({ environments: ["Moon"] })],
      status: 400,
    });
    const documentWrong: [string, unknown][] = [
      ["Identifier", 12],
      ["Identifier", "not-a-uuid"],
      ["Identifier", null],
      ["Identifier", {}],
      ["Title", 3],
      ["Title", ""],
      ["Title", null],
      ["Title", []],
      ["Title", "a\u0000b"],
      ["Description", 5],
      ["Description", {}],
    ];
    for (const [key, v] of documentWrong) {
      cases.push({
        name: `document: ${key} = ${JSON.stringify(v).slice(0, 24)}`,
        method: "POST",
        target: "/v1/document.php",
        body: documentOf({ [key]: v }),
        status: 400,
      });
    }
    cases.push({
      name: "document: a valid one then a bad one (all or nothing)",
      method: "POST",
      target: "/v1/document.php",
      body: [documentOf({}), documentOf({ Title: 1 })],
      status: 400,
    });
    return cases;
  });

  group("NUL bytes, invalid UTF-8 and bad encodings", () => [
    {
      name: "user: invalid UTF-8 body",
      method: "POST",
      target: "/v1/user.php",
      body: INVALID_UTF8,
      contentType: "application/json",
      status: 400,
    },
    {
      name: "mod: invalid UTF-8 body",
      method: "POST",
      target: "/v1/mod.php",
      body: INVALID_UTF8,
      contentType: "application/json",
      status: 400,
    },
    {
      name: "engram: invalid UTF-8 body",
      method: "POST",
      target: "/v1/engram.php",
      body: INVALID_UTF8,
      contentType: "application/json",
      status: 400,
    },
    {
      name: "document: invalid UTF-8 body",
      method: "POST",
      target: "/v1/document.php",
      body: INVALID_UTF8,
      contentType: "application/json",
      status: 400,
    },
    {
      name: "document: raw NUL byte inside a JSON string",
      method: "POST",
      target: "/v1/document.php",
      body: Buffer.from(`{"Identifier":"${randomUUID()}","Title":"a\u0000b"}`),
      contentType: "application/json",
      status: 400,
    },
    {
      name: "engram DELETE: invalid UTF-8 text/plain body",
      method: "DELETE",
      target: "/v1/engram.php",
      body: Buffer.from([0xff, 0xfe, 0x5f, 0x43]),
      contentType: "text/plain",
      status: 400,
    },
    { name: "user GET: %00 in the id", method: "GET", target: "/v1/user.php/%00", status: 400 },
    {
      name: "document GET: %00 inside a UUID",
      method: "GET",
      target: () => `/v1/document.php/${documentId.slice(0, 8)}%00${documentId.slice(8)}`,
      status: 400,
    },
    { name: "engram GET: %00 in a class", method: "GET", target: "/v1/engram.php/A%00_C", status: 400 },
    { name: "engram DELETE: %00 in a class", method: "DELETE", target: "/v1/engram.php/A%00_C", status: 400 },
    {
      name: "engram DELETE: newline in a class (text body)",
      method: "DELETE",
      target: "/v1/engram.php",
      body: "A\u0001B_C",
      contentType: "text/plain",
      status: 400,
    },
    { name: "engram GET: %00 in mod_id", method: "GET", target: "/v1/engram.php?mod_id=1%00", status: 400 },
    { name: "document GET: %00 in user_id", method: "GET", target: "/v1/document.php?user_id=%00", status: 400 },
    { name: "user GET: broken percent-escape", method: "GET", target: "/v1/user.php/%E0%A4%A", status: 400 },
    { name: "user GET: overlong UTF-8 escape", method: "GET", target: "/v1/user.php/%C0%AF", status: 400 },
    {
      name: "mod POST: gzip that is not gzip",
      method: "POST",
      target: "/v1/mod.php",
      body: Buffer.from("not gzip"),
      contentType: "application/json",
      headers: { "content-encoding": "gzip" },
      status: 400,
    },
    {
      name: "mod POST: unknown Content-Encoding",
      method: "POST",
      target: "/v1/mod.php",
      body: '{"mod_id":"1"}',
      contentType: "application/json",
      headers: { "content-encoding": "br" },
      status: 400,
    },
    {
      name: "user POST: UTF-16 body",
      method: "POST",
      target: "/v1/user.php",
      body: Buffer.from('{"user_id":"x"}', "utf16le"),
      contentType: "application/json",
      status: 400,
    },
  ]);

  group("SQL injection and path traversal in ids and query parameters", () => [
    { name: "user GET: ' OR '1'='1", method: "GET", target: "/v1/user.php/'%20OR%20'1'='1", status: 400 },
    {
      name: "user GET: 1; DROP TABLE users; --",
      method: "GET",
      target: "/v1/user.php/1;%20DROP%20TABLE%20users;%20--",
      status: 400,
    },
    { name: "user GET: ../../etc/passwd", method: "GET", target: "/v1/user.php/../../etc/passwd", status: 400 },
    {
      name: "user GET: %2e%2e%2f%2e%2e%2fetc%2fpasswd",
      method: "GET",
      target: "/v1/user.php/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      status: 400,
    },
    {
      name: "document GET: ..%2F..%2Fdata%2Fbeacon.db",
      method: "GET",
      target: "/v1/document.php/..%2F..%2Fdata%2Fbeacon.db",
      status: 400,
    },
    {
      name: "document GET: user_id=' OR 1=1 --",
      method: "GET",
      target: "/v1/document.php?user_id='%20OR%201=1%20--",
      status: 400,
    },
    {
      name: "document GET: sort=name; DROP TABLE documents",
      method: "GET",
      target: "/v1/document.php?sort=name;%20DROP%20TABLE%20documents",
      status: 400,
    },
    { name: "document GET: direction=asc--", method: "GET", target: "/v1/document.php?direction=asc--", status: 400 },
    {
      name: "document HEAD: traversal id",
      method: "HEAD",
      target: "/v1/document.php/..%2f..%2fetc%2fpasswd",
      status: 405,
    },
    {
      name: "engram GET: class ' OR '1'='1'_C",
      method: "GET",
      target: "/v1/engram.php/'%20OR%20'1'='1'_C",
      status: 400,
    },
    { name: "engram GET: class x'--_C", method: "GET", target: "/v1/engram.php/x'--_C", status: 404 },
    { name: "engram GET: mod_id=1 OR 1=1", method: "GET", target: "/v1/engram.php?mod_id=1%20OR%201=1", status: 400 },
    { name: "engram GET: mod_id=../../etc", method: "GET", target: "/v1/engram.php?mod_id=../../etc", status: 400 },
    {
      name: "engram DELETE: '; DROP TABLE engrams; --_C in a text body",
      method: "DELETE",
      target: "/v1/engram.php",
      body: "'; DROP TABLE engrams; --_C",
      contentType: "text/plain",
      status: 400,
    },
    {
      name: "engram DELETE: x';DELETE_FROM_engrams;--_C matches nothing",
      method: "DELETE",
      target: "/v1/engram.php",
      body: "x';DELETE_FROM_engrams;--_C",
      contentType: "text/plain",
    },
    { name: "mod GET: 1 OR 1=1", method: "GET", target: "/v1/mod.php/1%20OR%201=1", sign: true, status: 400 },
    {
      name: "mod GET: action=confirm'--",
      method: "GET",
      target: () => `/v1/mod.php/${modId}?action=confirm'--`,
      sign: true,
      status: 400,
    },
    {
      name: "mod DELETE: 1;DROP TABLE mod_registrations",
      method: "DELETE",
      target: "/v1/mod.php/1;DROP%20TABLE%20mod_registrations",
      status: 400,
    },
    {
      name: "document DELETE: quote in a text body",
      method: "DELETE",
      target: "/v1/document.php",
      body: "' OR ''='",
      contentType: "text/plain",
      status: 400,
    },
  ]);

  group("10,000 ids", () => [
    {
      name: "user GET: 10,000 ids in the path (URL over the header limit)",
      method: "GET",
      target: () => `/v1/user.php/${uuids(10_000)}`,
      status: 431,
    },
    {
      name: "engram GET: mod_id with 10,000 ids (URL over the header limit)",
      method: "GET",
      target: () => `/v1/engram.php?mod_id=${Array.from({ length: 10_000 }, (_, i) => i + 1).join(",")}`,
      status: 431,
    },
    {
      name: "document DELETE: 10,000 unknown ids in a text body",
      method: "DELETE",
      target: "/v1/document.php",
      body: () => uuids(10_000),
      contentType: "text/plain",
      status: 404,
    },
    // No id count limit (docs/CONTRACT.md#limits): all 10,000 are looked up, none matches.
    {
      name: "engram DELETE: 10,000 uids in a text body",
      method: "DELETE",
      target: "/v1/engram.php",
      body: () => Array.from({ length: 10_000 }, () => randomUUID().replace(/-/g, "")).join(","),
      contentType: "text/plain",
      status: 404,
    },
    {
      name: "mod DELETE: 10,000 ids in a text body",
      method: "DELETE",
      target: "/v1/mod.php",
      body: () => Array.from({ length: 10_000 }, (_, i) => i + 1).join(","),
      contentType: "text/plain",
      status: 404,
    },
    {
      name: "user DELETE: 10,000 ids in a text body",
      method: "DELETE",
      target: "/v1/user.php",
      body: () => uuids(10_000),
      contentType: "text/plain",
      sign: true,
      status: 403,
    },
    {
      name: "engram GET: 300 uids in the path",
      method: "GET",
      target: () => `/v1/engram.php/${Array.from({ length: 300 }, () => randomUUID().replace(/-/g, "")).join(",")}`,
      status: 404,
    },
    {
      name: "document GET: 300 unknown ids in the path",
      method: "GET",
      target: () => `/v1/document.php/${uuids(300)}`,
      status: 404,
    },
    {
      name: "user POST: 10,000 users in one body",
      method: "POST",
      target: "/v1/user.php",
      body: () => Array.from({ length: 10_000 }, () => ({ user_id: randomUUID(), public_key: "00" })),
      status: 400,
    },
  ]);

  group("negative, fractional and huge count/offset", () => {
    const values = [
      "-1",
      "1.5",
      "1e3",
      "99999999999999999999",
      "1001",
      "",
      "abc",
      "0x10",
      "%201",
      "Infinity",
      "NaN",
      "1,2",
    ];
    const cases: Case[] = values.map((v) => ({
      name: `count=${v}`,
      method: "GET",
      target: `/v1/document.php?count=${v}`,
      status: 400,
    }));
    for (const v of ["-5", "0.5", "1e400", "9007199254740993", "-0"])
      cases.push({ name: `offset=${v}`, method: "GET", target: `/v1/document.php?offset=${v}`, status: 400 });
    cases.push({ name: "count given twice", method: "GET", target: "/v1/document.php?count=1&count=2", status: 400 });
    return cases;
  });

  group("bodies over MAX_BODY_BYTES", () => [
    {
      name: "user POST: declared and sent 1 MiB + 1",
      method: "POST",
      target: "/v1/user.php",
      body: Buffer.alloc(MAX_BODY + 1, 0x20),
      contentType: "application/json",
      status: 413,
    },
    {
      name: "document POST: 2 MiB, signed",
      method: "POST",
      target: "/v1/document.php",
      body: () => Buffer.alloc(2 * MAX_BODY, 0x20),
      contentType: "application/json",
      status: 413,
    },
    {
      name: "engram POST: gzip that inflates past the limit",
      method: "POST",
      target: "/v1/engram.php",
      body: () => gzipSync(Buffer.alloc(4 * MAX_BODY, 0x20)),
      contentType: "application/json",
      headers: { "content-encoding": "gzip" },
      status: 413,
    },
    {
      name: "mod DELETE: text body past the limit",
      method: "DELETE",
      target: "/v1/mod.php",
      body: () => "1,".repeat(MAX_BODY),
      contentType: "text/plain",
      status: 413,
    },
  ]);

  group("wrong methods", () => {
    const cases: Case[] = [];
    for (const endpoint of ["user.php", "mod.php", "engram.php", "document.php"]) {
      for (const method of ["PUT", "PATCH"])
        cases.push({
          name: `${method} /v1/${endpoint}`,
          method,
          target: `/v1/${endpoint}`,
          body: "{}",
          contentType: "application/json",
          status: 405,
        });
    }
    cases.push(
      { name: "TRACE /v1/user.php", method: "TRACE", target: "/v1/user.php", sign: false, status: 405 },
      { name: "HEAD /v1/engram.php", method: "HEAD", target: "/v1/engram.php", status: 405 },
      { name: "GET /v1/user.php (listing)", method: "GET", target: "/v1/user.php", status: 405 },
      {
        name: "HEAD /v1/document.php with two ids",
        method: "HEAD",
        target: () => `/v1/document.php/${documentId},${randomUUID()}`,
        status: 405,
      },
    );
    return cases;
  });

  describe("wrong methods carry Allow", () => {
    for (const [endpoint, allow] of [
      ["user.php", "GET, POST, DELETE, OPTIONS"],
      ["mod.php", "GET, POST, DELETE, OPTIONS"],
      ["engram.php", "GET, POST, DELETE, OPTIONS"],
      ["document.php", "GET, HEAD, POST, DELETE, OPTIONS"],
    ] as const) {
      it(`PUT /v1/${endpoint}: Allow: ${allow}`, async () => {
        const res = await client(url).request("PUT", `/v1/${endpoint}`, {
          body: "{}",
          contentType: "application/json",
        });
        expect(res.status).toBe(405);
        expect(res.headers["allow"]).toBe(allow);
      });
    }
  });

  describe("malformed HTTP over a raw socket", () => {
    let before: Snapshot;
    beforeAll(async () => {
      before = await snapshot(dedicated.database.url);
    });
    const body = '{"user_id":"x"}';
    const raw: [string, string, number][] = [
      [
        "conflicting Content-Length and Transfer-Encoding",
        `POST /v1/user.php HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
        400,
      ],
      [
        "two different Content-Length headers",
        `POST /v1/user.php HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        400,
      ],
      [
        "non-numeric Content-Length",
        `POST /v1/user.php HTTP/1.1\r\nHost: x\r\nContent-Length: 1e3\r\n\r\n${body}`,
        400,
      ],
      [
        "bad chunk size",
        `POST /v1/user.php HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n${body}\r\n0\r\n\r\n`,
        400,
      ],
      [
        "header line without a colon",
        `GET /v1/user.php/${randomUUID()} HTTP/1.1\r\nHost: x\r\nBroken header\r\n\r\n`,
        400,
      ],
      // RFC 9110 §9.1: a method the server does not know is 501; a method that is not even a token is 400.
      ["unknown method", `BREW /v1/user.php HTTP/1.1\r\nHost: x\r\n\r\n`, 501],
      ["method that is not a token", `BR@W /v1/user.php HTTP/1.1\r\nHost: x\r\n\r\n`, 400],
      ["request line garbage", "\u0001\u0002\u0003 nonsense\r\n\r\n", 400],
      ["NUL byte in a header value", `GET /v1/engram.php HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n`, 400],
      ["64 KiB of headers", `GET /v1/engram.php HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(64 * 1024)}\r\n\r\n`, 431],
    ];
    for (const [name, bytes, status] of raw) {
      it(`${name}: ${status} JSON and the connection closed`, async () => {
        const res = await rawExchange(url, Buffer.from(bytes, "latin1"));
        expect(res.closed).toBe(true);
        expect(res.text.startsWith(`HTTP/1.1 ${status} `), res.text).toBe(true);
        const [head = "", payload = ""] = res.text.split("\r\n\r\n");
        expect(head.toLowerCase()).toContain("content-type: application/json");
        expect(head.toLowerCase()).toContain("connection: close");
        expect(JSON.parse(payload)).toMatchObject({ message: expect.any(String), details: null });
        errorBodies.push(payload);
      });
    }
    it("leaves the server healthy and the database unchanged", async () => {
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect(await snapshot(dedicated.database.url)).toEqual(before);
    });
  });

  it("a Steam title with NUL becomes a mod name without it (PostgreSQL text cannot hold NUL)", async () => {
    const id = await steamItem({ title: "Bad\u0000Name" });
    const c = client(url, owner);
    expect((await c.request("POST", "/v1/mod.php", { body: { mod_id: id } })).status).toBe(200);
    expect((await c.request("GET", `/v1/mod.php/${id}`)).json<{ name: string }>().name).toBe("BadName");
    expect((await c.request("DELETE", `/v1/mod.php/${id}`)).status).toBe(200);
  });

  it("a client that hangs up mid-body is not taken for an unreachable database", async () => {
    const head = `POST /v1/user.php HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"user_id":`;
    const { hostname, port } = new URL(url);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), hostname, () =>
        socket.write(head, () => setTimeout(() => socket.destroy(), 200)),
      );
      socket.on("close", () => resolve());
      socket.on("error", () => {});
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(dedicated.server.logs()).not.toContain("database unavailable");
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it("no error body of this suite shows a stack, SQL, the ORM or the engine", () => {
    expect(errorBodies.length).toBeGreaterThan(60);
    const leaking = errorBodies.filter((b) => leaks(b).length > 0);
    expect(leaking).toEqual([]);
    expect(dedicated.server.logs()).not.toMatch(/unexpected error/);
  });
});
