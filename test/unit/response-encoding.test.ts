// gzip responses for every v1 endpoint (docs/CONTRACT.md#compression): when, and how.
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, encodeResponse } from "@/lib/api/response-encoding";
import { jsonResponse } from "@/lib/api/types";

describe("acceptsGzip", () => {
  it.each<[string | undefined, boolean]>([
    [undefined, false],
    ["", false],
    ["gzip", true],
    ["GZIP", true],
    ["deflate, gzip;q=0.5", true],
    ["x-gzip", true],
    ["gzip;q=0", false],
    ["identity", false],
    ["br, deflate", false],
    ["*", true],
    ["*;q=0", false],
    ["gzip;q=0, *", false],
  ])("%s -> %s", (header, expected) => expect(acceptsGzip(header)).toBe(expected));
});

describe("encodeResponse", () => {
  const big = jsonResponse({ text: "x".repeat(5000) });
  const small = jsonResponse({ ok: true });

  it("gzips bodies over 1 KiB for gzip clients, with Content-Encoding and Vary", async () => {
    const out = await encodeResponse(big, "GET", "gzip, deflate");
    expect(out.headers).toMatchObject({
      "content-encoding": "gzip",
      vary: "Accept-Encoding",
      "content-type": "application/json",
    });
    expect(gunzipSync(out.body as Uint8Array).toString()).toBe(big.body);
  });

  it("leaves small bodies, HEAD, 204/304, non-gzip clients and encoded replies alone", async () => {
    expect(await encodeResponse(small, "GET", "gzip")).toBe(small);
    expect(await encodeResponse(big, "HEAD", "gzip")).toBe(big);
    for (const status of [204, 304]) {
      const r = { ...big, status };
      expect(await encodeResponse(r, "GET", "gzip")).toBe(r);
    }
    const plain = await encodeResponse(big, "GET", undefined);
    expect(plain.body).toBe(big.body);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["vary"]).toBe("Accept-Encoding");
    const varied = await encodeResponse(
      { ...big, headers: { ...big.headers, vary: "accept-encoding" } },
      "GET",
      undefined,
    );
    expect(varied.headers["vary"]).toBe("accept-encoding");
    const encoded = { ...big, headers: { ...big.headers, "content-encoding": "gzip" } };
    expect(await encodeResponse(encoded, "GET", "gzip")).toBe(encoded);
  });
});
