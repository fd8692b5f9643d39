/** GET /dashboard/mods/<id>/engrams.csv: the owner's engrams of a confirmed mod, as CSV. */
import { ApiError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { engramsCsv } from "@/lib/dashboard/engrams-csv";
import { findOwnMod } from "@/lib/dashboard/own-mod";
import { currentUserId } from "@/lib/dashboard/session";
import { listEngrams } from "@/lib/engrams/find-engrams";

export const dynamic = "force-dynamic";

export async function GET(_req: Request, { params }: { params: Promise<{ modId: string }> }): Promise<Response> {
  const userId = await currentUserId();
  if (!userId) return new Response("Sign in first.\n", { status: 401, headers: { "content-type": "text/plain; charset=utf-8" } });
  try {
    const mod = await findOwnMod(db(), { userId, workshopId: (await params).modId, confirmed: true });
    const csv = engramsCsv(await listEngrams(db(), { mods: [mod.workshopId] }));
    return new Response(csv, {
      headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="engrams-${mod.workshopId}.csv"`, "cache-control": "private, no-store" },
    });
  } catch (err) {
    if (err instanceof ApiError) return new Response(`${err.message}\n`, { status: err.status, headers: { "content-type": "text/plain; charset=utf-8" } });
    throw err;
  }
}
