// The portal's route adapter (lib/api/route-handler.ts): an ApiResponse becomes a Response
// with a strong ETag and a 304 for a client holding it, HEAD loses the body, an ApiError
// is its plain-text sentence and status, a Response made by the handler passes through,
// and anything else thrown propagates.
import { describe, expect, it } from "vitest";
import { ApiError, notFound } from "@/lib/api/errors";
import { routeHandler, textResponse } from "@/lib/api/route-handler";
import { jsonResponse } from "@/lib/api/types";

const get = (headers: Record<string, string> = {}, method = "GET") =>
  new Request("http://x.test/thing", { method, headers });

describe("routeHandler", () => {
  it("adds an ETag to a 200 and answers 304 to a client that holds it", async () => {
    const handler = routeHandler(() => jsonResponse({ a: 1 }, 200, { "cache-control": "no-cache" }));
    const first = await handler(get(), undefined);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ a: 1 });
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"/);
    const again = await handler(get({ "if-none-match": `W/${etag}, "other"` }), undefined);
    expect([again.status, await again.text(), again.headers.get("etag"), again.headers.get("cache-control")]).toEqual([
      304,
      "",
      etag,
      "no-cache",
    ]);
    const head = await handler(get({}, "HEAD"), undefined);
    expect([head.status, await head.text(), head.headers.get("etag")]).toEqual([200, "", etag]);
  });

  it("keeps the handler's own ETag", async () => {
    const handler = routeHandler(() => jsonResponse({}, 200, { etag: '"v7"' }));
    expect((await handler(get({ "if-none-match": '"v7"' }), undefined)).status).toBe(304);
  });

  it("answers an ApiError with its sentence, status and headers as plain text", async () => {
    const handler = routeHandler(() => {
      throw new ApiError("unavailable", "Try later.", null, { "retry-after": "5" });
    });
    const res = await handler(get(), undefined);
    expect([res.status, await res.text(), res.headers.get("content-type"), res.headers.get("retry-after")]).toEqual([
      503,
      "Try later.\n",
      "text/plain; charset=utf-8",
      "5",
    ]);
    const missing = await routeHandler(async () => {
      throw notFound("No such thing.");
    })(get(), undefined);
    expect([missing.status, await missing.text(), missing.headers.get("etag")]).toEqual([
      404,
      "No such thing.\n",
      null,
    ]);
  });

  it("passes a Response through and lets anything else thrown propagate", async () => {
    const redirect = await routeHandler(() => new Response(null, { status: 303, headers: { location: "/x" } }))(
      get(),
      undefined,
    );
    expect([redirect.status, redirect.headers.get("location")]).toEqual([303, "/x"]);
    await expect(
      routeHandler(() => {
        throw new TypeError("bug");
      })(get(), undefined),
    ).rejects.toThrow("bug");
    expect(textResponse(400, "Bad.").body).toBe("Bad.\n");
  });
});
