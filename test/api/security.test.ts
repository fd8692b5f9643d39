// Security (docs/PORTAL.md#security, docs/CONTRACT.md#signing): secrets compared in constant time, Content-Disposition
// injection, XSS on every page, request smuggling, security headers, and no internals
// in error bodies. SSRF through pull URLs is covered with the pull job: the address
// guard in test/unit/address-guard.test.ts and end to end in test/api/pull.test.ts.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
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
import { steamItem } from "../support/steam";

const engine = inject("engine");
const XSS = `<script>alert("xss")</script><img src=x onerror=alert(1)>"'><svg/onload=alert(2)>`;
const XSS_MARKERS = ["<script>alert(", "<img src=x onerror", "<svg/onload"];

let dedicated: Dedicated;
let url: string;
let owner: Identity;
let modId: string;
let documentId: string;

beforeAll(async () => {
  dedicated = await dedicatedServer("security");
  url = dedicated.server.url;
  owner = await registerUser(url);
  modId = await confirmModOn(url, owner);
  await steamItem({ publishedfileid: modId, title: XSS });
  const c = client(url, owner);
  // Re-POST with pull_url refreshes nothing of the name; register a second mod whose title is the payload.
  const xssMod = await steamItem({ title: XSS });
  expect((await c.request("POST", "/v1/mod.php", { body: { mod_id: xssMod } })).status).toBe(200);
  expect(
    (
      await c.request("POST", "/v1/engram.php", {
        body: { path: "/Game/Mods/S/Xss.Xss", label: XSS, mod_id: modId, environments: "Island" },
      })
    ).status,
  ).toBe(200);
  documentId = randomUUID();
  expect(
    (await c.request("POST", "/v1/document.php", { body: { Identifier: documentId, Title: XSS, Description: XSS } }))
      .status,
  ).toBe(200);
}, 120_000);

afterAll(async () => {
  await dedicated?.close();
});

describe(`security on ${engine}`, () => {
  describe("secrets are compared in constant time", () => {
    // Which bytes reach crypto.verify and timingSafeEqual, and that the metrics token goes
    // through safeEqual: test/unit/constant-time.test.ts; == on secrets: refused by the lint.
    it("a wrong signature of the right length and one of the wrong length are both plain 401s", async () => {
      const good = await client(url, owner).request("GET", "/v1/mod.php");
      expect(good.status).toBe(200);
      const auth = (sig: string) => `Basic ${Buffer.from(`${owner.userId}:${sig}`).toString("base64")}`;
      for (const sig of ["00".repeat(256), "ab", "zz".repeat(256)]) {
        const res = await client(url).request("GET", "/v1/mod.php", { headers: { authorization: auth(sig) } });
        expect(res.status).toBe(401);
        expect(res.headers["www-authenticate"]).toBe('Basic realm="Beacon API"');
      }
    });
  });

  describe("Content-Disposition injection", () => {
    const titles = [
      'a"; filename="evil.exe',
      "x\r\nSet-Cookie: session=stolen",
      "y\nLocation: http://evil.example/",
      "../../etc/passwd",
      "..\\..\\windows\\system32\\cmd",
      "line\u2028sep\u0085next",
      "%0d%0aSet-Cookie: x=y",
      "ｆｕｌｌ／ｗｉｄｔｈ＂ｑｕｏｔｅ",
      "日本語のタイトル",
      "\u0007\u001b[31mred",
      "...",
    ];
    for (const title of titles) {
      it(`title ${JSON.stringify(title)}: one ASCII header line, no quotes or separators in filename`, async () => {
        const id = randomUUID();
        expect(
          (await client(url, owner).request("POST", "/v1/document.php", { body: { Identifier: id, Title: title } }))
            .status,
        ).toBe(200);
        const res = await rawExchange(
          url,
          `GET /v1/document.php/${id} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
        );
        const head = res.text.split("\r\n\r\n")[0] ?? "";
        expect(head.startsWith("HTTP/1.1 200 ")).toBe(true);
        expect(/^[\x20-\x7e\r\n]*$/.test(head), head).toBe(true);
        const lines = head.split("\r\n");
        const dispositions = lines.filter((l) => /^content-disposition:/i.test(l));
        expect(dispositions).toHaveLength(1);
        expect(lines.some((l) => /^(set-cookie|location):/i.test(l))).toBe(false);
        const filename = /filename="([^"]*)"/.exec(dispositions[0] ?? "")?.[1] ?? "";
        expect(filename.endsWith(".beacon")).toBe(true);
        expect(filename).not.toMatch(/[/\\"]/);
        expect(filename.startsWith(".")).toBe(false);
      });
    }
  });

  describe("XSS on every page", () => {
    const pages = () => [
      "/",
      "/documents",
      "/documents?sort=downloads",
      `/documents?author=${encodeURIComponent(XSS)}`,
      `/documents?page=${encodeURIComponent(XSS)}`,
      // reflected in the search box, the count line and the unknown-map note
      `/documents?q=${encodeURIComponent(XSS)}&map=${encodeURIComponent(XSS)}`,
      `/documents/${documentId}`,
      `/documents/${encodeURIComponent(XSS)}`,
      // The loot editor's pages without a session: the sign-in notice carries the address back.
      `/documents/new?from=${encodeURIComponent(XSS)}`,
      `/documents/new?start=${encodeURIComponent(XSS)}`,
      `/documents/${documentId}/edit`,
      `/sign-in?next=${encodeURIComponent(`/documents/new?from=${XSS}`)}`,
      "/spawn",
      `/spawn?mod_id=${modId}`,
      `/spawn?mod_id=${modId}&q=${encodeURIComponent(XSS)}&mod=${encodeURIComponent(XSS)}&map=${encodeURIComponent(XSS)}`,
      `/spawn?mod_id=${encodeURIComponent(XSS)}`,
      "/docs/api",
      `/sign-in?callbackUrl=${encodeURIComponent(XSS)}`,
      // Without a session the dashboard sends the browser to the sign-in page (followed).
      `/dashboard?x=${encodeURIComponent(XSS)}`,
      `/dashboard/mods/${encodeURIComponent(XSS)}`,
      `/no-such-page-${encodeURIComponent(XSS)}`,
    ];
    it("stored and reflected payloads appear only escaped, with a nonce CSP and the security headers", async () => {
      for (const page of pages()) {
        const res = await fetch(`${url}${page}`);
        const html = await res.text();
        expect(res.status, page).toBeLessThan(500);
        expect(res.headers.get("content-type"), page).toMatch(/^text\/html/);
        for (const marker of XSS_MARKERS) expect(html.includes(marker), `${page} contains ${marker}`).toBe(false);
        expect(res.headers.get("content-security-policy"), page).toMatch(
          /script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/,
        );
        expect(res.headers.get("content-security-policy"), page).toContain("frame-ancestors 'none'");
        expect(res.headers.get("x-content-type-options"), page).toBe("nosniff");
        expect(res.headers.get("x-frame-options"), page).toBe("DENY");
        expect(res.headers.get("referrer-policy"), page).toBeTruthy();
        expect(res.headers.get("x-powered-by"), page).toBeNull();
      }
    });

    it("the stored payload really is on the pages that show it (escaped), so the check above means something", async () => {
      const html = await (await fetch(`${url}/documents/${documentId}`)).text();
      expect(html).toContain("&lt;script&gt;alert(");
    });

    it("JSON data the pages fetch is served as JSON with nosniff", async () => {
      for (const path of [`/spawn/rows.json?mod_id=${modId}`, `/documents/items.json?q=${encodeURIComponent(XSS)}`]) {
        const res = await fetch(`${url}${path}`);
        expect(res.status, path).toBe(200);
        expect(res.headers.get("content-type"), path).toMatch(/^application\/json/);
        // The payload is in there as JSON text: harmless as long as no browser sniffs it as HTML.
        expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      }
    });

    it("v1 replies carry nosniff too (downloads are attacker-chosen bytes)", async () => {
      const res = await client(url).request("GET", `/v1/document.php/${documentId}`);
      expect(res.status).toBe(200);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["content-type"]).toBe("application/octet-stream");
    });
  });

  describe("request smuggling is refused", () => {
    const follow = () => `GET /v1/user.php/${owner.userId} HTTP/1.1\r\nHost: x\r\n\r\n`;
    const attempts: [string, () => string][] = [
      [
        "CL.TE",
        () =>
          `POST /v1/user.php HTTP/1.1\r\nHost: x\r\nContent-Length: 6\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${follow()}`,
      ],
      [
        "TE.CL",
        () =>
          `POST /v1/user.php HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n5\r\nabcde\r\n0\r\n\r\n${follow()}`,
      ],
      [
        "TE with a space before the colon",
        () =>
          `POST /v1/user.php HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n${follow()}`,
      ],
      [
        "TE that is not chunked last",
        () =>
          `POST /v1/user.php HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n${follow()}`,
      ],
      [
        "TE xchunked",
        () => `POST /v1/user.php HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n${follow()}`,
      ],
      [
        "two Content-Length values",
        () => `POST /v1/user.php HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: 40\r\n\r\n${follow()}`,
      ],
      [
        "Content-Length list",
        () => `POST /v1/user.php HTTP/1.1\r\nHost: x\r\nContent-Length: 0, 40\r\n\r\n${follow()}`,
      ],
      [
        "bare LF line endings around a chunk",
        () => `POST /v1/user.php HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\n\n${follow()}`,
      ],
    ];
    for (const [name, bytes] of attempts) {
      it(`${name}: 400 JSON, connection closed, the smuggled request never answered`, async () => {
        const res = await rawExchange(url, bytes());
        expect(res.closed).toBe(true);
        expect(res.text.match(/HTTP\/1\.1 \d{3} /g), res.text).toHaveLength(1);
        expect(res.text.startsWith("HTTP/1.1 400 "), res.text).toBe(true);
        expect(res.text).toMatch(/\r\nconnection: close\r\n/i);
        expect(res.text).not.toContain(owner.userId);
      });
    }
    it("control: two well-formed pipelined requests get two answers", async () => {
      const res = await rawExchange(
        url,
        `GET /v1/user.php/${owner.userId} HTTP/1.1\r\nHost: x\r\n\r\nGET /v1/user.php/${owner.userId} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
      expect(res.text.match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    });
  });

  describe("no stack traces or SQL in error bodies", () => {
    it("errors of every endpoint and of the parser say nothing internal", async () => {
      const replies = await Promise.all([
        client(url).request("GET", "/v1/user.php/%ZZ"),
        client(url).request("POST", "/v1/document.php", { body: "{", contentType: "application/json" }),
        client(url, owner).request("POST", "/v1/engram.php", {
          body: { path: "/a.b", label: "x", mod_id: "1", environments: ["Island"] },
        }),
        client(url, owner).request("GET", "/v1/mod.php/1,2,3"),
        client(url).request("DELETE", "/v1/mod.php/1", { headers: { authorization: "Basic !!!" } }),
        client(url).request("GET", `/v1/engram.php?mod_id=${"9".repeat(30)}`),
      ]);
      for (const res of replies) {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(errorShapeProblem(res)).toBeNull();
        expect(leaks(res.text())).toEqual([]);
      }
      const raw = await rawExchange(url, "GET /v1/user.php HTTP/1.1\r\nHost: x\r\nContent-Length: x\r\n\r\n");
      expect(leaks(raw.text)).toEqual([]);
    });
  });
});
