// The Next.js route-handler form of the v1 endpoints (what `next dev` serves) runs the
// same endpoint through lib/api/next-adapter.ts: same statuses, same error shape.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { signedContent } from "@/lib/auth/signed-content";
import { basicAuthorization, newIdentity, publicKeyPem } from "@/lib/client/identity";

const BASE = "http://beacon.test";
type Handler = (request: Request) => Promise<Response>;
let route: Record<"GET" | "POST" | "DELETE" | "PUT", Handler>;

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  process.env.BASE_URL = BASE;
  process.env.MAX_BODY_BYTES = "4096";
  route = (await import("@/app/v1/user.php/[[...ids]]/route")) as unknown as typeof route;
});

describe("user.php as a Next.js route handler", () => {
  it("creates, reads and deletes a signed user like the custom server does", async () => {
    const id = newIdentity("ed25519");
    const post = await route.POST(new Request(`${BASE}/v1/user.php`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ user_id: id.userId, public_key: publicKeyPem(id) }) }));
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
    const big = await route.POST(new Request(`${BASE}/v1/user.php`, { method: "POST", headers: { "content-type": "application/json" }, body: "x".repeat(5000) }));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ message: expect.any(String), details: { limit: 4096 } });
    const unsigned = await route.DELETE(new Request(`${BASE}/v1/user.php/${newIdentity().userId}`, { method: "DELETE" }));
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers.get("www-authenticate")).toBe('Basic realm="Beacon API"');
  });
});
