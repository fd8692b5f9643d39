/** GET /documents/<id>/game.ini[?difficulty=x]: lib/portal/game-ini-export does the work. */
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { gameIniExport } from "@/lib/portal/game-ini-export";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const reply = await gameIniExport(db(), { id: (await params).id, difficulty: new URL(req.url).searchParams.get("difficulty"), baseUrl: config().BASE_URL });
  return new Response(reply.body, { status: reply.status, headers: reply.headers });
}
