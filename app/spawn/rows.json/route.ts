/**
 * /spawn/rows.json for `next dev`: production serves it from server.ts, compressed
 * (lib/spawn/spawn-rows-reply.ts, where the reply is made for both).
 */
import { db } from "@/lib/db/client";
import { spawnRowsReply } from "@/lib/spawn/spawn-rows-reply";

export const dynamic = "force-dynamic";

async function handle(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const reply = await spawnRowsReply(db(), {
    method: request.method,
    rawTarget: url.pathname + url.search,
    headers: Object.fromEntries(request.headers),
  });
  const body =
    request.method === "HEAD" || reply.body === null
      ? null
      : typeof reply.body === "string"
        ? reply.body
        : Buffer.from(reply.body);
  return new Response(body, { status: reply.status, headers: reply.headers });
}

export const GET = handle;
export const HEAD = handle;
