// The Next.js route-handler form of the v1 endpoints (what `next dev` serves) runs the
// same endpoint through lib/api/next-adapter.ts: same statuses, same error shape.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { signedContent } from "@/lib/auth/signed-content";
import { basicAuthorization, newIdentity, publicKeyPem } from "@/lib/client/identity";
import { startEarlyInMinute } from "../support/rate-window";

const BASE = "http://beacon.test";
type Handler = (request: Request) => Promise<Response>;
let route: Record<"GET" | "POST" | "DELETE" | "PUT", Handler>;

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  process.env.BASE_URL = BASE;
  process.env.MAX_BODY_BYTES = "4096";
  process.env.RATE_LIMIT_IP_PER_MINUTE = "30";
  route = (await import("@/app/v1/user.php/[[...ids]]/route")) as unknown as typeof route;
});

describe("user.php as a Next.js route handler", () => {
  it("creates, reads and deletes a signed user like the custom server does", async () => {
    const id = newIdentity("ed25519");
    const post = await route.POST(
      new Request(`${BASE}/v1/user.php`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ user_id: id.userId, public_key: publicKeyPem(id) }),
      }),
    );
    expect(post.status).toBe(200);
    const get = await route.GET(new Request(`${BASE}/v1/user.php/${id.userId}`));
    expect(await get.json()).toEqual({ user_id: id.userId, public_key: publicKeyPem(id) });
    const target = `/v1/user.php/${id.userId}`;
    const authorization = basicAuthorization(id, signedContent("DELETE", BASE, target, new Uint8Array()));
    const del = await route.DELETE(new Request(`${BASE}${target}`, { method: "DELETE", headers: { authorization } }));
    expect(del.status).toBe(200);
    expect((await route.GET(new Request(`${BASE}${target}`))).status).toBe(404);
  });

  it("maps errors through the same translator: 405 with Allow, 413, 401", async () => {
    const put = await route.PUT(new Request(`${BASE}/v1/user.php`, { method: "PUT" }));
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, POST, DELETE, OPTIONS");
    const big = await route.POST(
      new Request(`${BASE}/v1/user.php`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "x".repeat(5000),
      }),
    );
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ message: expect.any(String), details: { limit: 4096 } });
    const unsigned = await route.DELETE(
      new Request(`${BASE}/v1/user.php/${newIdentity().userId}`, { method: "DELETE" }),
    );
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers.get("www-authenticate")).toBe('Basic realm="Beacon API"');
  });

  it("applies the API's rate limits per client address, as server.ts does", async () => {
    await startEarlyInMinute(55_000);
    const get = (peer: string, extra: Record<string, string> = {}) =>
      route.GET(
        new Request(`${BASE}/v1/user.php/${crypto.randomUUID()}`, {
          headers: { "x-beacon-peer-address": peer, ...extra },
        }),
      );
    for (let i = 0; i < 30; i++) {
      const res = await get("10.9.9.9", { "x-forwarded-for": `10.0.0.${i}` });
      expect(res.status).toBe(404);
      expect(res.headers.get("ratelimit-remaining")).toBe(String(29 - i));
    }
    const refused = await get("10.9.9.9", { "x-forwarded-for": "10.1.1.1" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ details: { scope: "client address", limit: 30 } });
    expect((await get("10.9.9.10")).status).toBe(404);
  });
});
