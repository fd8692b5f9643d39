// Reports (lib/moderation/reports.ts), both engines: POST /v1/report.php signed (recorded
// as the signer's) or anonymous, each report in the same transaction as its audit entry;
// bad input is a 400 and writes nothing; an unknown target is 404; the Report links and
// the report page of a document, a mod and an author. And the limit: 50 reports from one
// address in one hour meet a 429 with the API's headers after RATE_LIMIT_REPORTS_PER_HOUR
// (20), on a second instance with the limit on (the suite's server has it off).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createClient } from "@/lib/client/http";
import type { Identity } from "@/lib/client/identity";
import { readAudit } from "@/lib/moderation/audit";
import { api, expectJsonError, registeredUser, testDb } from "../support/api";
import { confirmedMod } from "../support/mods";
import { startServer, type TestServer } from "../support/test-server";

async function publish(who: Identity, title: string): Promise<string> {
  const id = randomUUID();
  const res = await api(who).request("POST", "/v1/document.php", {
    body: { Identifier: id, Title: title, Description: "", Version: 1 },
  });
  expect(res.status).toBe(200);
  return id;
}

const reportsOf = (targetId: string) => testDb().report.findMany({ where: { targetId }, orderBy: { id: "asc" } });

describe("POST /v1/report.php", () => {
  it("files a signed report as the signer's and an unsigned one anonymously, each with its audit entry", async () => {
    const [author, reporter] = [await registeredUser("ed25519"), await registeredUser("ed25519")];
    const docId = await publish(author, "Crates of nothing");
    const signed = await api(reporter).request("POST", "/v1/report.php", {
      body: {
        target_kind: "document",
        target_id: docId.toUpperCase(),
        reason: "broken",
        text: " Crashes\r\nthe server\u0000 ",
      },
    });
    expect(signed.status).toBe(201);
    expect(signed.headers["content-type"]).toMatch(/^application\/json/);
    const body = signed.json<Record<string, unknown>>();
    expect(body).toEqual({
      report_id: expect.any(Number),
      target_kind: "document",
      target_id: docId,
      reason: "broken",
      text: "Crashes\nthe server",
      created_at: expect.stringMatching(/Z$/),
    });
    const anonymous = await api().request("POST", "/v1/report.php", {
      body: { target_kind: "document", target_id: docId, reason: "spam" },
    });
    expect(anonymous.status).toBe(201);

    const rows = await reportsOf(docId);
    expect(rows.map((r) => [r.reporterId, r.reason, r.text, r.closedAt])).toEqual([
      [reporter.userId, "broken", "Crashes\nthe server", null],
      [null, "spam", "", null],
    ]);
    const audit = (await readAudit(testDb(), { limit: 10, target: { kind: "document", id: docId } })).reverse();
    expect(audit.map((e) => [e.action, e.actor_kind, e.actor_id, e.target_label, e.reason])).toEqual([
      ["report", "user", reporter.userId, "Crates of nothing", "Broken or harmful config: Crashes\nthe server"],
      ["report", "anonymous", null, "Crates of nothing", "Spam"],
    ]);
  });

  it("takes mods (confirmed, by workshop id) and authors", async () => {
    const owner = await registeredUser();
    const modId = await confirmedMod(owner);
    const reporter = await registeredUser("ed25519");
    for (const body of [
      { target_kind: "mod", target_id: Number(modId), reason: "stolen", text: "Copied from Structures Plus." },
      { target_kind: "user", target_id: owner.userId, reason: "abuse", text: "Threats in every description." },
    ]) {
      const res = await api(reporter).request("POST", "/v1/report.php", {
        body: { ...body, target_id: String(body.target_id) },
      });
      expect(res.status, res.text()).toBe(201);
    }
    expect((await reportsOf(modId)).map((r) => r.targetKind)).toEqual(["mod"]);
    expect((await reportsOf(owner.userId)).map((r) => r.targetKind)).toEqual(["user"]);
  });

  it("answers bad input with a 400 naming the key, an unknown target with 404, a bad signature with 401; nothing is written", async () => {
    const author = await registeredUser("ed25519");
    const docId = await publish(author, "Target");
    const before = await testDb().report.count();
    const cases: [unknown, RegExp][] = [
      [[{ target_kind: "document", target_id: docId, reason: "spam" }], /body: .*expected object/],
      [{ target_kind: "page", target_id: docId, reason: "spam" }, /target_kind: must be one of document, mod, user/],
      [{ target_kind: "document", target_id: "not-a-uuid", reason: "spam" }, /target_id: must be a UUID/],
      [{ target_kind: "mod", target_id: "12ab", reason: "spam" }, /target_id: must be a workshop id/],
      [
        { target_kind: "document", target_id: docId, reason: "ugly" },
        /reason: must be one of spam, broken, stolen, abuse, other/,
      ],
      [{ target_kind: "document", target_id: docId, reason: "other", text: "  " }, /text: say what is wrong/],
      [
        { target_kind: "document", target_id: docId, reason: "spam", text: "x".repeat(2001) },
        /text: must be at most 2000/,
      ],
      [{ target_kind: "document", target_id: docId, reason: "spam", text: 7 }, /text: must be a string/],
    ];
    for (const [body, message] of cases) {
      const res = await api().request("POST", "/v1/report.php", { body });
      expect(expectJsonError(res, 400).message, JSON.stringify(body)).toMatch(message);
    }
    const notJson = await api().request("POST", "/v1/report.php", { body: "spam", contentType: "text/plain" });
    expect(expectJsonError(notJson, 400).message).toMatch(/Content-Type: application\/json/);

    for (const [kind, id, message] of [
      ["document", randomUUID(), "No document has this id."],
      ["user", randomUUID(), "No user has this id."],
      ["mod", "987654321012", "No confirmed mod has this workshop id."],
    ]) {
      const res = await api().request("POST", "/v1/report.php", {
        body: { target_kind: kind, target_id: id, reason: "spam" },
      });
      expect(expectJsonError(res, 404)).toMatchObject({ message, details: { target_kind: kind } });
    }
    const forged = await api(author).request("POST", "/v1/report.php", {
      body: { target_kind: "document", target_id: docId, reason: "spam" },
      headers: { authorization: `Basic ${Buffer.from(`${author.userId}:00ff`).toString("base64")}` },
      sign: false,
    });
    expectJsonError(forged, 401);
    expect(await testDb().report.count()).toBe(before);
  });
});

describe("the Report links and page", () => {
  it("links a document, a mod's spawn page and an author's documents to their report page, which names the target", async () => {
    const author = await registeredUser();
    const docId = await publish(author, "Linked <b>doc</b>");
    const modId = await confirmedMod(author);
    const page = async (path: string) => {
      const res = await fetch(`${inject("serverUrl")}${path}`);
      return { status: res.status, html: await res.text() };
    };
    expect((await page(`/documents/${docId}`)).html).toContain(`href="/report/document/${docId}"`);
    expect((await page(`/spawn/?mod_id=${modId}`)).html).toContain(`href="/report/mod/${modId}"`);
    expect((await page(`/documents?author=${author.userId}`)).html).toContain(`href="/report/user/${author.userId}"`);

    const form = await page(`/report/document/${docId.toUpperCase()}`);
    expect(form.status).toBe(200);
    expect(form.html).toContain("Report document “Linked &lt;b&gt;doc&lt;/b&gt;”");
    expect(form.html).toContain("the report is anonymous");
    for (const reason of ["Spam", "Broken or harmful config", "Stolen content", "Abuse", "Other"])
      expect(form.html).toContain(reason);
    expect((await page(`/report/mod/${modId}`)).status).toBe(200);
    expect((await page(`/report/user/${author.userId}`)).status).toBe(200);
    for (const path of [`/report/document/${randomUUID()}`, "/report/document/nope", "/report/page/1", "/report/mod/1"])
      expect((await page(path)).status, path).toBe(404);
  });
});

describe("the reports' rate limit", () => {
  let server: TestServer;
  beforeAll(async () => {
    // A second instance on the suite's database with the limit on, as in production
    // (20 an hour), behind a "proxy" so each test is a client address of its own.
    server = await startServer({
      DATABASE_URL: inject("databaseUrl"),
      STEAM_API_URL: inject("steamUrl"),
      RATE_LIMIT_REPORTS_PER_HOUR: "20",
      TRUST_PROXY: "true",
    });
    // The windows are clock hours: 50 requests take seconds, but not across an hour's end.
    const intoHour = Date.now() % 3_600_000;
    if (intoHour > 3_600_000 - 30_000) await new Promise((r) => setTimeout(r, 3_600_000 - intoHour + 1000));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  /** A client of the second instance at `address` (the last X-Forwarded-For entry, as a proxy adds it). */
  const client = (address: string, identity?: Identity) => {
    const http = createClient({ serverUrl: server.url, identity });
    return {
      request: (method: string, target: string, opts: Parameters<typeof http.request>[2] = {}) =>
        http.request(method, target, { ...opts, headers: { ...opts.headers, "x-forwarded-for": address } }),
    };
  };

  it("answers the 21st of 50 reports from one address in an hour with 429, Retry-After and RateLimit-*, and keeps 20", async () => {
    const author = await registeredUser("ed25519");
    const docId = await publish(author, "Popular target");
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const statuses: number[] = [];
    let refusal: Awaited<ReturnType<ReturnType<typeof client>["request"]>> | undefined;
    for (let i = 0; i < 50; i++) {
      const res = await client(address).request("POST", "/v1/report.php", {
        body: { target_kind: "document", target_id: docId, reason: "spam", text: `report ${i}` },
      });
      statuses.push(res.status);
      if (res.status === 429) refusal ??= res;
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    const error = expectJsonError(refusal!, 429);
    expect(error.message).toMatch(/^Too many reports; at most 20 per hour per client address\. Try again in \d+ s\.$/);
    const toHourEnd = Math.ceil((3_600_000 - (Date.now() % 3_600_000)) / 1000);
    const retryAfter = Number(refusal!.headers["retry-after"]);
    expect(Math.abs(retryAfter - toHourEnd)).toBeLessThanOrEqual(5);
    expect(refusal!.headers).toMatchObject({
      "ratelimit-limit": "20",
      "ratelimit-remaining": "0",
      "ratelimit-reset": String(retryAfter),
      "x-ratelimit-limit": "20",
      "x-ratelimit-remaining": "0",
    });
    expect((await reportsOf(docId)).length).toBe(20);
    // Another address is not affected.
    const other = await client(`${address.replace(/\d+$/, "")}251`).request("POST", "/v1/report.php", {
      body: { target_kind: "document", target_id: docId, reason: "spam" },
    });
    expect(other.status).toBe(201);
  }, 120_000);

  it("also limits a signed reporter across addresses", async () => {
    const [author, reporter] = [await registeredUser("ed25519"), await registeredUser("ed25519")];
    const docId = await publish(author, "Another target");
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await client(`203.0.113.${i + 1}`, reporter).request("POST", "/v1/report.php", {
        body: { target_kind: "document", target_id: docId, reason: "abuse" },
      });
      statuses.push(res.status);
      if (res.status === 429) expect(res.json<{ message: string }>().message).toMatch(/per hour per reporter/);
    }
    expect(statuses).toEqual([...Array(20).fill(201), 429]);
  }, 120_000);
});
