// The wrapper every /v1/*.php endpoint goes through (lib/api/endpoint.ts) and what handlers
// get from it (lib/api/request-context.ts), in-process with exact replies: OPTIONS, 405
// with Allow, each auth mode, the rate-limit hooks, conditional GET, CORS on every reply,
// and the context's target, id and body readers with their 400s (docs/CONTRACT.md#replies,
// docs/CONTRACT.md#errors). Requests are signed with test/support/independent-signer.ts.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ApiError, badRequest } from "@/lib/api/errors";
import {
  admitRequest,
  allowHeader,
  handleEndpoint,
  parseTarget,
  UNSIGNED_BODY_BYTES,
  type Endpoint,
  type EndpointEnv,
} from "@/lib/api/endpoint";
import { createContext, mediaType, pathIdsOf, splitIds, type RequestContext } from "@/lib/api/request-context";
import { jsonResponse, type ApiRequest, type ApiResponse } from "@/lib/api/types";
import type { RequestLimits } from "@/lib/rate-limit/api-limits";
import { authorizationFor, contentToSign, newSigner } from "../support/independent-signer";

const BASE = "https://hub.example";
const CORS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers":
    "WWW-Authenticate, Allow, Retry-After, ETag, Content-Disposition, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, X-Request-Id, Beacon-Read-After",
  "x-content-type-options": "nosniff",
};
const CHALLENGE = { "www-authenticate": 'Basic realm="Beacon API"' };

function request(method: string, rawTarget: string, headers: ApiRequest["headers"] = {}, body = ""): ApiRequest {
  return { method, rawTarget, headers, body: Buffer.from(body), remoteAddress: "127.0.0.1" };
}
const bodyOf = (res: ApiResponse) => JSON.parse(String(res.body)) as unknown;

/** An endpoint whose handlers answer what they were given, so each test sees the context. */
function echo(auth: "required" | "optional" | "none"): Endpoint {
  const handle = (ctx: RequestContext) =>
    jsonResponse({ caller: ctx.caller, ids: ctx.pathIds, query: [...ctx.query], signed: ctx.req.signedUserId ?? null });
  return { name: "echo.php", methods: { GET: { auth, handle }, DELETE: { auth, handle } } };
}

const alice = newSigner("ed25519", randomUUID());
const env: EndpointEnv = {
  baseUrl: BASE,
  findPublicKey: async (id) => (id === alice.userId ? alice.publicPem : null),
};
const signed = (method: string, target: string, headers: ApiRequest["headers"] = {}) =>
  request(method, target, { ...headers, authorization: authorizationFor(alice, contentToSign(method, BASE, target)) });

describe("handleEndpoint", () => {
  it("answers OPTIONS with 204, the allowed methods and CORS, whatever the auth", async () => {
    const res = await handleEndpoint(echo("required"), request("OPTIONS", "/v1/echo.php"), env);
    expect(res).toEqual({
      status: 204,
      headers: {
        allow: "GET, DELETE, OPTIONS",
        "access-control-allow-methods": "GET, DELETE, OPTIONS",
        "access-control-allow-headers": "Authorization, Content-Type, Content-Encoding, Beacon-Read-After",
        "access-control-max-age": "86400",
        ...CORS,
      },
      body: null,
    });
  });

  it("answers a method the endpoint lacks with 405, Allow and a JSON sentence", async () => {
    const res = await handleEndpoint(echo("none"), request("PUT", "/v1/echo.php"), env);
    expect([res.status, res.headers, bodyOf(res)]).toEqual([
      405,
      { "content-type": "application/json", allow: "GET, DELETE, OPTIONS", ...CORS },
      { message: "PUT is not allowed on /v1/echo.php.", details: { allow: "GET, DELETE, OPTIONS" } },
    ]);
  });

  it("auth required: 401 with the challenge unsigned; signed, the handler gets the caller", async () => {
    const unsigned = await handleEndpoint(echo("required"), request("GET", "/v1/echo.php"), env);
    expect([unsigned.status, unsigned.headers, bodyOf(unsigned)]).toEqual([
      401,
      { "content-type": "application/json", ...CHALLENGE, ...CORS },
      {
        message: "This request must be signed: send Authorization: Basic <user id>:<hex signature>.",
        details: null,
      },
    ]);
    const req = signed("GET", "/v1/echo.php/a,b?x=1&y");
    const res = await handleEndpoint(echo("required"), req, env);
    expect([res.status, bodyOf(res)]).toEqual([
      200,
      {
        caller: { userId: alice.userId, keyPem: alice.publicPem },
        ids: ["a", "b"],
        query: [
          ["x", "1"],
          ["y", ""],
        ],
        signed: alice.userId,
      },
    ]);
    expect(req.signedUserId).toBe(alice.userId);
  });

  it("auth optional: anonymous without Authorization, verified with it, refused when it is wrong", async () => {
    const anonymous = await handleEndpoint(echo("optional"), request("GET", "/v1/echo.php"), env);
    expect(bodyOf(anonymous)).toEqual({ caller: null, ids: [], query: [], signed: null });
    const res = await handleEndpoint(echo("optional"), signed("GET", "/v1/echo.php"), env);
    expect(bodyOf(res)).toMatchObject({ caller: { userId: alice.userId } });
    const wrong = signed("GET", "/v1/echo.php");
    wrong.rawTarget = "/v1/echo.php?changed";
    const refused = await handleEndpoint(echo("optional"), wrong, env);
    expect([refused.status, bodyOf(refused)]).toEqual([
      401,
      {
        message: "The signature does not match this request.",
        details: { method: "GET", url: `${BASE}/v1/echo.php?changed` },
      },
    ]);
  });

  it("auth none: an Authorization header is never read, not even a broken one", async () => {
    const res = await handleEndpoint(echo("none"), request("GET", "/v1/echo.php", { authorization: "Basic !!" }), env);
    expect([res.status, bodyOf(res)]).toEqual([200, { caller: null, ids: [], query: [], signed: null }]);
  });

  it("checks the address limit first and the user's once signed, and adds the limits' headers to every reply", async () => {
    const calls: string[] = [];
    const limits = (refuseIp: boolean): EndpointEnv["rateLimits"] => ({
      begin: (req): RequestLimits => {
        calls.push(`begin ${req.headers["authorization"] ? "signed" : "unsigned"}`);
        return {
          checkIp: () => {
            calls.push("ip");
            if (refuseIp) throw new ApiError("too_many_requests", "Slow down.", null, { "retry-after": "7" });
          },
          checkUser: (userId) => calls.push(`user ${userId}`),
          headers: () => ({ "ratelimit-limit": "60" }),
        };
      },
    });
    const ok = await handleEndpoint(echo("required"), signed("GET", "/v1/echo.php"), {
      ...env,
      rateLimits: limits(false),
    });
    expect([ok.status, ok.headers["ratelimit-limit"], ok.headers["access-control-allow-origin"]]).toEqual([
      200,
      "60",
      "*",
    ]);
    expect(calls).toEqual(["begin signed", "ip", `user ${alice.userId}`]);
    calls.length = 0;
    const refused = await handleEndpoint(echo("required"), signed("GET", "/v1/echo.php"), {
      ...env,
      rateLimits: limits(true),
    });
    expect([refused.status, refused.headers, bodyOf(refused)]).toEqual([
      429,
      { "content-type": "application/json", "retry-after": "7", "ratelimit-limit": "60", ...CORS },
      { message: "Slow down.", details: null },
    ]);
    expect(calls).toEqual(["begin signed", "ip"]);
  });

  it("ctx.signer(): a method that never requires a signature verifies one only when asked; a bad one is no signer", async () => {
    let lookups = 0;
    const counting: EndpointEnv = {
      ...env,
      findPublicKey: async (id) => (lookups++, id === alice.userId ? alice.publicPem : null),
    };
    const reader: Endpoint = {
      name: "echo.php",
      methods: { GET: { auth: "none", handle: async (ctx) => jsonResponse({ signer: await ctx.signer() }) } },
    };
    const quiet: Endpoint = { name: "echo.php", methods: { GET: { auth: "none", handle: () => jsonResponse({}) } } };
    const ask = async (req: ApiRequest, endpoint = reader) => bodyOf(await handleEndpoint(endpoint, req, counting));
    expect(await ask(signed("GET", "/v1/echo.php?x"))).toEqual({ signer: alice.userId });
    expect(await ask(request("GET", "/v1/echo.php"))).toEqual({ signer: null });
    expect(await ask(request("GET", "/v1/echo.php", { authorization: "Basic !!" }))).toEqual({ signer: null });
    expect(await ask(request("GET", "/v1/echo.php", { authorization: "Bearer bh_x" }))).toEqual({ signer: null });
    // Signed for another target: not this request's signer.
    const moved = { ...signed("GET", "/v1/echo.php?x"), rawTarget: "/v1/echo.php?y" };
    expect(await ask(moved)).toEqual({ signer: null });
    const before = lookups;
    // A handler that never asks never has the signature checked.
    await ask(signed("GET", "/v1/echo.php?x"), quiet);
    expect(lookups).toBe(before);
  });

  it("admits a request before its body is read: the address counted once, the body limit by the method's auth", async () => {
    let ipChecks = 0;
    const counting: EndpointEnv = {
      ...env,
      rateLimits: {
        begin: () => ({ checkIp: () => void ipChecks++, checkUser: () => {}, headers: () => ({}) }),
      },
    };
    const mixed: Endpoint = {
      name: "echo.php",
      methods: {
        GET: { auth: "none", handle: () => jsonResponse({}) },
        POST: { auth: "required", handle: () => jsonResponse({}) },
        PUT: { auth: "optional", handle: () => jsonResponse({}) },
      },
    };
    const head = (method: string) => ({ method, headers: {}, remoteAddress: "192.0.2.1" });
    const max = { signed: 16 * 1024 * 1024, unsigned: UNSIGNED_BODY_BYTES };
    expect(admitRequest(mixed, head("POST"), counting, max).bodyLimit).toBe(max.signed);
    expect(admitRequest(mixed, head("post"), counting, max).bodyLimit).toBe(max.signed);
    expect(admitRequest(mixed, head("GET"), counting, max).bodyLimit).toBe(UNSIGNED_BODY_BYTES);
    expect(admitRequest(mixed, head("PUT"), counting, max).bodyLimit).toBe(UNSIGNED_BODY_BYTES);
    // A method the endpoint does not have is a 405 after the smallest read.
    expect(admitRequest(mixed, head("DELETE"), counting, max).bodyLimit).toBe(UNSIGNED_BODY_BYTES);
    // The unsigned limit is never above the signed one.
    expect(admitRequest(mixed, head("GET"), counting, { signed: 1000, unsigned: 5000 }).bodyLimit).toBe(1000);
    expect(ipChecks).toBe(6);
    const admission = admitRequest(mixed, head("GET"), counting, max);
    const res = await handleEndpoint(mixed, request("GET", "/v1/echo.php"), counting, admission);
    expect(res.status).toBe(200);
    expect(ipChecks).toBe(7);
  });

  it("asks whether a signer may write for every signed method but GET and HEAD, and answers its refusal", async () => {
    const asked: string[] = [];
    const refusing: EndpointEnv = {
      ...env,
      refuseWriter: async (userId) => {
        asked.push(userId);
        throw new ApiError("forbidden", "This account is suspended.", null);
      },
    };
    const all: Endpoint = {
      name: "echo.php",
      methods: Object.fromEntries(
        (["GET", "HEAD", "POST", "DELETE"] as const).map((m) => [
          m,
          { auth: "required", handle: () => jsonResponse({}) },
        ]),
      ),
    };
    const statuses: Record<string, number> = {};
    for (const method of ["GET", "HEAD", "POST", "DELETE"])
      statuses[method] = (await handleEndpoint(all, signed(method, "/v1/echo.php"), refusing)).status;
    expect(statuses).toEqual({ GET: 200, HEAD: 200, POST: 403, DELETE: 403 });
    expect(asked).toEqual([alice.userId, alice.userId]);
    // Without the hook every signed write goes through.
    expect((await handleEndpoint(all, signed("POST", "/v1/echo.php"), env)).status).toBe(200);
  });

  it("gives a GET reply an ETag and answers 304 to a client that holds it; other methods get none", async () => {
    const first = await handleEndpoint(echo("none"), request("GET", "/v1/echo.php"), env);
    const etag = first.headers["etag"]!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await handleEndpoint(echo("none"), request("GET", "/v1/echo.php", { "if-none-match": etag }), env);
    expect([again.status, again.headers, again.body]).toEqual([304, { etag, ...CORS }, null]);
    const deleted = await handleEndpoint(echo("none"), request("DELETE", "/v1/echo.php"), env);
    expect(deleted.headers["etag"]).toBeUndefined();
  });

  it("turns a handler's ApiError into its status and an unexpected error into a 500 with the request id", async () => {
    const failing = (err: unknown): Endpoint => ({
      name: "fail.php",
      methods: {
        GET: {
          auth: "none",
          handle: () => {
            throw err;
          },
        },
      },
    });
    const bad = await handleEndpoint(failing(badRequest("No.", { x: 1 })), request("GET", "/v1/fail.php"), env);
    expect([bad.status, bodyOf(bad)]).toEqual([400, { message: "No.", details: { x: 1 } }]);
    const crash = await handleEndpoint(
      failing(new Error("secret internals")),
      request("GET", "/v1/fail.php", { "x-request-id": "req-1" }),
      env,
    );
    expect([crash.status, bodyOf(crash), crash.headers["access-control-allow-origin"]]).toEqual([
      500,
      { message: "Internal server error.", details: { request_id: "req-1" } },
      "*",
    ]);
  });
});

describe("allowHeader and parseTarget", () => {
  const endpoint = echo("none");
  it("lists the endpoint's methods in order, then OPTIONS", () => {
    expect(allowHeader(endpoint)).toBe("GET, DELETE, OPTIONS");
    expect(allowHeader({ name: "x.php", methods: {} })).toBe("OPTIONS");
  });

  it.each([
    ["/v1/echo.php", null, []],
    ["/v1/echo.php/", "", []],
    [
      "/v1/echo.php/a%2Cb,c?x=1&x=2&y",
      "a%2Cb,c",
      [
        ["x", "1"],
        ["x", "2"],
        ["y", ""],
      ],
    ],
    ["/v1/echo.php?q=a+b%20c", null, [["q", "a b c"]]],
    ["/v1/echo.phpx/1", null, []],
    ["/v1/other.php/1", null, []],
    ["/v1/echo.php/a/b?", "a/b", []],
    ["?a=1", null, [["a", "1"]]],
  ])("%s: rest %j, query %j", (target, rest, query) => {
    const parsed = parseTarget(endpoint, target);
    expect([parsed.rest, [...parsed.query]]).toEqual([rest, query]);
  });
});

describe("the request context", () => {
  const ctx = (headers: ApiRequest["headers"], body: string | Buffer, rest: string | null = null) =>
    createContext(
      { ...request("POST", "/v1/x.php", headers), body: Buffer.from(body) },
      { rest, query: new URLSearchParams("a=1") },
      null,
    );
  const error = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      const e = err as ApiError;
      return { status: e.status, message: e.message, details: e.details, headers: e.headers };
    }
    throw new Error("expected an ApiError");
  };

  it("splits ids on commas, trims them and drops empty ones", () => {
    expect(splitIds(" a , b,,c ,")).toEqual(["a", "b", "c"]);
    expect(splitIds("")).toEqual([]);
  });

  it("decodes path ids after splitting on the raw commas; refuses a slash and a bad escape", () => {
    expect(pathIdsOf(null)).toEqual([]);
    expect(pathIdsOf("")).toEqual([]);
    expect(pathIdsOf("caf%C3%A9,a%2Cb, x ")).toEqual(["café", "a,b", "x"]);
    expect(error(() => pathIdsOf("a/b"))).toMatchObject({
      status: 400,
      message: "Ids must be given as one comma-separated path segment.",
      details: { path: "a/b" },
    });
    expect(error(() => pathIdsOf("a,%E0%A4%A"))).toMatchObject({
      status: 400,
      message: "The URL contains an invalid percent-escape.",
      details: { value: "%E0%A4%A" },
    });
  });

  it("reads the media type without parameters, in lower case", () => {
    expect(mediaType(request("POST", "/", { "content-type": " Application/JSON ; charset=UTF-8" }))).toBe(
      "application/json",
    );
    expect(mediaType(request("POST", "/"))).toBe("");
  });

  it("requireCaller: 401 with the challenge when anonymous, the caller when signed", () => {
    expect(error(() => ctx({}, "").requireCaller())).toEqual({
      status: 401,
      message: "This request must be signed.",
      details: null,
      headers: CHALLENGE,
    });
    const caller = { userId: "u" };
    const signedCtx = createContext(request("GET", "/"), { rest: null, query: new URLSearchParams() }, caller);
    expect(signedCtx.requireCaller()).toBe(caller);
    expect(signedCtx.caller).toBe(caller);
  });

  it("json(): only application/json, only valid JSON", () => {
    const json = { "content-type": "application/json; charset=utf-8" };
    expect(ctx(json, '{"a":[1,"é"]}').json()).toEqual({ a: [1, "é"] });
    expect(error(() => ctx({ "content-type": "text/plain" }, "{}").json())).toMatchObject({
      status: 400,
      message: "The body must be sent with Content-Type: application/json.",
      details: { content_type: "text/plain" },
    });
    expect(error(() => ctx({}, "{}").json())).toMatchObject({ status: 400, details: { content_type: null } });
    expect(error(() => ctx(json, "{a}").json())).toMatchObject({
      status: 400,
      message: "The body is not valid JSON.",
      details: { error: expect.stringContaining("JSON") },
    });
  });

  it("text(): UTF-8 or a 400", () => {
    expect(ctx({}, "caf\u00e9\r\n").text()).toBe("caf\u00e9\r\n");
    expect(error(() => ctx({}, Buffer.from([0x61, 0xff])).text())).toMatchObject({
      status: 400,
      message: "The request body is not valid UTF-8.",
    });
    expect(error(() => ctx({ "content-type": "application/json" }, Buffer.from([0xc3])).json())).toMatchObject({
      status: 400,
      message: "The request body is not valid UTF-8.",
    });
  });

  it("idList(): the path's ids first, else a text/plain body's, else none", () => {
    expect(ctx({ "content-type": "text/plain" }, "x,y", "a,b").idList()).toEqual(["a", "b"]);
    expect(ctx({ "content-type": "text/plain; charset=utf-8" }, " x,\ny ,").idList()).toEqual(["x", "y"]);
    expect(ctx({}, "").idList()).toEqual([]);
    expect(ctx({}, "", "").idList()).toEqual([]);
    expect(error(() => ctx({ "content-type": "application/json" }, '["x"]').idList())).toMatchObject({
      status: 400,
      message: "A bulk request lists its ids in a text/plain body.",
      details: { content_type: "application/json" },
    });
    expect(error(() => ctx({}, "x").idList())).toMatchObject({ status: 400, details: { content_type: null } });
  });

  it("passes the query and the request through", () => {
    const c = ctx({}, "");
    expect([...c.query]).toEqual([["a", "1"]]);
    expect(c.req.rawTarget).toBe("/v1/x.php");
    expect(c.pathIds).toEqual([]);
  });
});
