// Signatures over the exact bytes of the request (docs/API.md, "Authentication"), checked
// with a signer that shares nothing with the server (test/support/independent-signer.ts):
// request targets that URL parsers and normalisers change (quotes, braces, `%2F` against
// `/`, `/./`, a backslash, non-ASCII escapes in either case, repeated and empty query
// keys, `+` against `%20`, a bare `?`), a body with CR, LF and non-ASCII, a gzipped body,
// and an empty DELETE, with each of the three schemes. Every case asserts the reply's
// body: where the handler answers 400 for the decoded ids, the body shows the server read
// the ids after verifying the raw target. A signature over the form a URL parser would
// give (`new URL()`) is refused, and the 401 names the raw target as the URL line verified.
import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  authorizationFor,
  newSigner,
  send,
  sendSigned,
  type Reply,
  type Scheme,
  type Signer,
} from "../support/independent-signer";
import { steamItem } from "../support/steam";

const server = () => inject("serverUrl");
// The test server's BASE_URL is its own address (test/support/test-server.ts).
const base = () => inject("serverUrl");

async function registered(scheme: Scheme): Promise<Signer> {
  const signer = newSigner(scheme, randomUUID());
  const body = Buffer.from(JSON.stringify({ user_id: signer.userId, public_key: signer.publicPem }));
  const res = await send(server(), "POST", "/v1/user.php", { body, headers: { "content-type": "application/json" } });
  expect(res.status, res.text).toBe(200);
  return signer;
}

const json = (res: Reply) => JSON.parse(res.text) as unknown;
const signed = (signer: Signer, method: string, target: string, options?: Parameters<typeof sendSigned>[5]) =>
  sendSigned(server(), base(), signer, method, target, options);

/**
 * What clients, proxies and frameworks make of a target when they rebuild it: a server
 * that verified any of these forms instead of the bytes sent would accept a signature the
 * client never made, and refuse the one it made.
 */
const rewrites: Record<string, (target: string) => string> = {
  "new URL()": (target) => {
    const url = new URL(target, "http://h");
    return url.pathname + url.search;
  },
  decodeURI: (target) => decodeURI(target),
  "URLSearchParams re-serialised": (target) => {
    const q = target.indexOf("?");
    return q < 0 ? target : `${target.slice(0, q)}?${new URLSearchParams(target.slice(q + 1)).toString()}`;
  },
  "RFC 3986 normalised (escapes upper-cased, unreserved ones decoded)": (target) =>
    target.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => {
      const c = String.fromCharCode(parseInt(hex, 16));
      return /[A-Za-z0-9\-._~]/.test(c) ? c : `%${hex.toUpperCase()}`;
    }),
};

describe("signed requests over targets URL parsers change", () => {
  let alice: Signer;
  let mod: string;
  beforeAll(async () => {
    alice = await registered("rsa-sha256");
    mod = await steamItem({ title: "Signed targets" });
    const res = await signed(alice, "POST", "/v1/mod.php", {
      body: Buffer.from(`{"mod_id":"${mod}"}`),
      headers: { "content-type": "application/json" },
    });
    expect([res.status, res.text]).toEqual([200, ""]);
    const plain = json(await signed(alice, "GET", `/v1/mod.php/${mod}`));
    expect(plain).toMatchObject({ mod_id: mod, name: "Signed targets", confirmed: false });
    myMod = () => plain;
  });

  /** The reply to the plain target, which every variant of it must get too. */
  let myMod: () => unknown;

  // [what it tests, target, expected status, expected body]
  const cases = (): [string, string, number, unknown][] => [
    ["quotes, braces and other characters in the query", `/v1/mod.php/${mod}?q='"{}|^\`<>`, 200, myMod()],
    ["repeated, empty and valueless query keys", "/v1/mod.php?a=1&a=2&&b&=c&d=", 200, [myMod()]],
    ["+ and %20 and an escaped +", `/v1/mod.php/${mod}?q=a+b&r=a%20b&s=%2B`, 200, myMod()],
    [
      "non-ASCII escapes, upper and lower case, and an escaped letter",
      `/v1/mod.php/${mod}?q=caf%C3%A9&r=%e2%82%ac&s=%41`,
      200,
      myMod(),
    ],
    ["a bare ? (an empty query)", `/v1/mod.php/${mod}?`, 200, myMod()],
    ["an escaped / and dot segments in the query", `/v1/mod.php/${mod}?p=%2F..%2Fx&q=/a/./b/../c`, 200, myMod()],
    [
      "/./ in the path (not removed)",
      `/v1/mod.php/./${mod}`,
      400,
      { message: "Ids must be given as one comma-separated path segment.", details: { path: `./${mod}` } },
    ],
    [
      "%2F in the path (decoded only after the signature, and only inside the id)",
      `/v1/mod.php/${mod}%2F1`,
      400,
      { message: "Mod ids must be Steam workshop ids (digits).", details: { invalid: [`${mod}/1`] } },
    ],
    [
      "/ in the path where %2F was",
      `/v1/mod.php/${mod}/1`,
      400,
      { message: "Ids must be given as one comma-separated path segment.", details: { path: `${mod}/1` } },
    ],
    [
      "%2C in the path (the ids are split on the raw commas)",
      `/v1/mod.php/${mod}%2C${mod}`,
      400,
      { message: "Mod ids must be Steam workshop ids (digits).", details: { invalid: [`${mod},${mod}`] } },
    ],
    [
      "quotes and braces in the path",
      `/v1/mod.php/'"{x}`,
      400,
      { message: "Mod ids must be Steam workshop ids (digits).", details: { invalid: [`'"{x}`] } },
    ],
    [
      "a non-ASCII escape in the path",
      "/v1/mod.php/caf%C3%A9",
      400,
      { message: "Mod ids must be Steam workshop ids (digits).", details: { invalid: ["café"] } },
    ],
    [
      "a backslash in the path",
      "/v1/mod.php/a\\b",
      400,
      { message: "Mod ids must be Steam workshop ids (digits).", details: { invalid: ["a\\b"] } },
    ],
  ];

  it("answers each target signed as sent, with the reply its handler gives", async () => {
    const failures: string[] = [];
    for (const [what, target, status, body] of cases()) {
      const res = await signed(alice, "GET", target);
      try {
        expect(res.status).toBe(status);
        expect(json(res)).toEqual(body);
      } catch {
        failures.push(`${what}: GET ${target} -> ${res.status} ${res.text}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses a signature over what a URL parser or normaliser makes of the target, naming the raw target it verified", async () => {
    const changed = new Map<string, string[]>();
    for (const [what, target] of cases()) {
      for (const [name, rewrite] of Object.entries(rewrites)) {
        const rewritten = rewrite(target);
        if (rewritten === target) continue;
        changed.set(name, [...(changed.get(name) ?? []), what]);
        const res = await signed(alice, "GET", target, { signedTarget: rewritten });
        expect([name, what, res.status, json(res)]).toEqual([
          name,
          what,
          401,
          {
            message: "The signature does not match this request.",
            details: { method: "GET", url: `${base()}${target}` },
          },
        ]);
      }
    }
    // Each rewrite really changes some of the targets above, or these checks would be empty.
    expect(Object.fromEntries([...changed].map(([name, whats]) => [name, whats.length]))).toEqual({
      "new URL()": 5,
      decodeURI: 3,
      "URLSearchParams re-serialised": 5,
      "RFC 3986 normalised (escapes upper-cased, unreserved ones decoded)": 1,
    });
  });
});

describe.each<Scheme>(["rsa-sha1", "rsa-sha256", "ed25519"])("bodies signed with %s", (scheme) => {
  let who: Signer;
  beforeAll(async () => {
    who = await registered(scheme);
  });

  it("POST signs the body's bytes (CR, LF, tab, non-ASCII) under a query with + and %20; DELETE signs an empty third line", async () => {
    const id = randomUUID();
    // CR, LF and a tab between the JSON's members as well as escaped inside its strings.
    const body = Buffer.from(
      `{"Identifier":"${id}",\r\n\t"Title":"Cr\u00e8me\\r\\n\\tbr\u00fbl\u00e9e ${scheme}",\n"Description":"",\r"Version":5}`,
      "utf8",
    );
    const posted = await signed(who, "POST", "/v1/document.php?note=a+b%20c&&x", {
      body,
      headers: { "content-type": "application/json" },
    });
    expect([posted.status, posted.text]).toEqual([200, ""]);
    const got = await send(server(), "GET", `/v1/document.php/${id}`);
    expect(got.status).toBe(200);
    expect(json(got)).toMatchObject({ Identifier: id, Title: `Cr\u00e8me\r\n\tbr\u00fbl\u00e9e ${scheme}` });

    const deleted = await signed(who, "DELETE", `/v1/document.php/${id}`);
    expect([deleted.status, deleted.text]).toEqual([200, ""]);
    const gone = await send(server(), "GET", `/v1/document.php/${id}`);
    expect(gone.status).toBe(404);
  });

  it("a gzipped body is signed as decoded; a signature over the gzip bytes is refused", async () => {
    const id = randomUUID();
    const body = Buffer.from(`{"Identifier":"${id}","Title":"Gzipped ${scheme}","Description":"","Version":5}`);
    const headers = { "content-type": "application/json", "content-encoding": "gzip" };
    const zipped = gzipSync(body);
    const wrong = await signed(who, "POST", "/v1/document.php", { body: zipped, headers });
    expect([wrong.status, json(wrong)]).toEqual([
      401,
      {
        message: "The signature does not match this request.",
        details: { method: "POST", url: `${base()}/v1/document.php` },
      },
    ]);
    const res = await signed(who, "POST", "/v1/document.php", { body: zipped, signedBody: body, headers });
    expect([res.status, res.text]).toEqual([200, ""]);
    expect(json(await send(server(), "GET", `/v1/document.php/${id}`))).toMatchObject({ Title: `Gzipped ${scheme}` });
  });

  it("a DELETE whose signature lacks the empty third line is refused, and nothing is deleted", async () => {
    const id = randomUUID();
    const body = Buffer.from(`{"Identifier":"${id}","Title":"Kept ${scheme}","Description":"","Version":5}`);
    expect(
      (await signed(who, "POST", "/v1/document.php", { body, headers: { "content-type": "application/json" } })).status,
    ).toBe(200);
    // Two lines, as a GET is signed: no line feed after the URL.
    const twoLines = Buffer.from(`DELETE\n${base()}/v1/document.php/${id}`);
    const res = await send(server(), "DELETE", `/v1/document.php/${id}`, {
      headers: { authorization: authorizationFor(who, twoLines) },
    });
    expect(res.status).toBe(401);
    expect((await send(server(), "GET", `/v1/document.php/${id}`)).status).toBe(200);
  });
});
