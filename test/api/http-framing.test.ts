// Replies written outside Next.js and the endpoint wrapper (docs/HTTP.md), read off a raw
// socket: /healthz and the parser-error replies of lib/api/client-error.ts. RFC 9110
// §9.3.2 (no content in a reply to HEAD), §8.6 (Content-Length exact; for HEAD the
// length a GET gets), §6.6.1 (Date), RFC 9112 §9.6 and §11.2 (Connection: close after a
// request that cannot be framed). docs/HTTP.md lists every reply path and these checks.
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { rawExchange } from "../support/hostile";

const url = inject("serverUrl");
const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

interface Reply {
  status: number;
  headers: Map<string, string[]>;
  body: Buffer;
}

/**
 * Splits what the server wrote into replies, framing each as a client must (RFC 9112
 * §6.3): no content for HEAD, 204 and 304; otherwise exactly Content-Length bytes.
 * Anything left over after the last reply is returned as `rest`.
 */
function parseReplies(raw: Buffer, methods: string[]): { replies: Reply[]; rest: Buffer } {
  const replies: Reply[] = [];
  let at = 0;
  for (const method of methods) {
    const end = raw.indexOf("\r\n\r\n", at);
    if (end < 0) break;
    const [statusLine = "", ...lines] = raw.subarray(at, end).toString("latin1").split("\r\n");
    const headers = new Map<string, string[]>();
    for (const line of lines) {
      const i = line.indexOf(":");
      const name = line.slice(0, i).toLowerCase();
      headers.set(name, [...(headers.get(name) ?? []), line.slice(i + 1).trim()]);
    }
    const status = Number(statusLine.split(" ")[1]);
    const length =
      method === "HEAD" || status === 204 || status === 304 ? 0 : Number(headers.get("content-length")?.[0] ?? NaN);
    at = end + 4;
    replies.push({ status, headers, body: raw.subarray(at, at + length) });
    at += length;
  }
  return { replies, rest: raw.subarray(at) };
}

async function exchange(
  bytes: string,
  methods: string[],
): Promise<{ replies: Reply[]; rest: Buffer; closed: boolean }> {
  const res = await rawExchange(url, Buffer.from(bytes, "latin1"), 3000);
  return { ...parseReplies(Buffer.from(res.text, "latin1"), methods), closed: res.closed };
}

const one = (headers: Map<string, string[]>, name: string) => {
  const values = headers.get(name) ?? [];
  expect(values, name).toHaveLength(1);
  return values[0]!;
};

function expectDated(reply: Reply): void {
  expect(one(reply.headers, "date")).toMatch(IMF_FIXDATE);
  expect(Math.abs(Date.parse(one(reply.headers, "date")) - Date.now())).toBeLessThan(60_000);
}

describe("/healthz on the wire", () => {
  it("HEAD gets GET's headers and Content-Length and no content: a GET pipelined behind it is read intact", async () => {
    const { replies, rest } = await exchange(
      "HEAD /healthz HTTP/1.1\r\nHost: t\r\n\r\nGET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
      ["HEAD", "GET"],
    );
    const [head, get] = replies;
    expect([head?.status, get?.status]).toEqual([200, 200]);
    expect(get!.body.toString()).toBe('{"status":"ok"}');
    expect(one(get!.headers, "content-length")).toBe(String(get!.body.length));
    expect(one(head!.headers, "content-length")).toBe(String(get!.body.length));
    expect(one(head!.headers, "content-type")).toBe(one(get!.headers, "content-type"));
    expect(head!.headers.has("transfer-encoding")).toBe(false);
    expectDated(head!);
    expectDated(get!);
    expect(one(get!.headers, "connection")).toBe("close");
    expect(rest.length).toBe(0);
  });

  it("other methods are 405 with Allow: GET, HEAD, and a body of exactly Content-Length", async () => {
    const { replies, rest } = await exchange(
      "POST /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
      ["POST"],
    );
    expect(replies[0]!.status).toBe(405);
    expect(one(replies[0]!.headers, "allow")).toBe("GET, HEAD");
    expect(one(replies[0]!.headers, "content-length")).toBe(String(replies[0]!.body.length));
    expect(JSON.parse(replies[0]!.body.toString())).toMatchObject({ message: expect.any(String) });
    expect(rest.length).toBe(0);
  });
});

describe("parser-error replies on the wire", () => {
  const smuggling = (method: string) =>
    `${method} /v1/user.php HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`;
  const oversized = (method: string) =>
    `${method} /v1/engram.php HTTP/1.1\r\nHost: t\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`;

  for (const [name, request, status] of [
    ["conflicting Content-Length and Transfer-Encoding", smuggling, 400],
    ["headers over the size limit", oversized, 431],
  ] as const) {
    it(`${name}: ${status} with Date, exact Content-Length, Connection: close; HEAD gets no content`, async () => {
      const get = await exchange(request("GET"), ["GET"]);
      const head = await exchange(request("HEAD"), ["HEAD"]);
      for (const { replies, closed } of [get, head]) {
        expect(closed).toBe(true);
        expect(replies[0]!.status).toBe(status);
        expect(one(replies[0]!.headers, "connection")).toBe("close");
        expect(one(replies[0]!.headers, "content-type")).toBe("application/json");
        expectDated(replies[0]!);
      }
      const body = get.replies[0]!.body;
      expect(one(get.replies[0]!.headers, "content-length")).toBe(String(body.length));
      expect(JSON.parse(body.toString())).toEqual({ message: expect.any(String), details: null });
      expect(get.rest.length).toBe(0);
      // HEAD: the same length announced, nothing after the header section.
      expect(one(head.replies[0]!.headers, "content-length")).toBe(String(body.length));
      expect(head.rest.length).toBe(0);
    });
  }

  it("a method Node does not know is 501 (RFC 9110 §9.1), framed like the others", async () => {
    const { replies, rest, closed } = await exchange("BREW /healthz HTTP/1.1\r\nHost: t\r\n\r\n", ["BREW"]);
    expect(closed).toBe(true);
    expect(replies[0]!.status).toBe(501);
    expect(one(replies[0]!.headers, "content-length")).toBe(String(replies[0]!.body.length));
    expectDated(replies[0]!);
    expect(rest.length).toBe(0);
  });

  it("an Expect other than 100-continue is a JSON 417 with Content-Length, and the unread body ends the connection", async () => {
    const { replies, rest, closed } = await exchange(
      "POST /v1/user.php HTTP/1.1\r\nHost: t\r\nExpect: teapot\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}",
      ["POST"],
    );
    expect(replies[0]!.status).toBe(417);
    expect(one(replies[0]!.headers, "connection")).toBe("close");
    expect(one(replies[0]!.headers, "content-length")).toBe(String(replies[0]!.body.length));
    expect(JSON.parse(replies[0]!.body.toString())).toEqual({
      message: expect.any(String),
      details: { expect: "teapot" },
    });
    expectDated(replies[0]!);
    expect([closed, rest.length]).toEqual([true, 0]);
    // 100-continue is met: the interim 100 comes first, then the final reply.
    const go = await rawExchange(
      url,
      "POST /v1/user.php HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
    );
    expect(go.text).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 400 /);
  });

  it("a v1 HEAD answered by the endpoint wrapper also carries the GET's length and no content", async () => {
    const id = randomUUID();
    const { replies, rest } = await exchange(
      `HEAD /v1/document.php/${id} HTTP/1.1\r\nHost: t\r\n\r\nGET /v1/document.php/${id}?simple HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n`,
      ["HEAD", "GET"],
    );
    expect([replies[0]?.status, replies[1]?.status]).toEqual([404, 404]);
    expect(Number(one(replies[0]!.headers, "content-length"))).toBeGreaterThan(0);
    expect(one(replies[1]!.headers, "content-length")).toBe(String(replies[1]!.body.length));
    expectDated(replies[0]!);
    expect(rest.length).toBe(0);
  });
});
