/**
 * GET /dashboard/mods/<id>/engrams.csv (or engrams.json, creatures.csv,
 * creatures.json): the owner's engrams or creatures of a confirmed mod, as a file
 * (lib/dashboard/catalogue-file.ts). Any other name is a 404.
 */
import { routeHandler, textResponse } from "@/lib/api/route-handler";
import { db } from "@/lib/db/client";
import { catalogueCsv, catalogueJson, parseCatalogueFileName } from "@/lib/dashboard/catalogue-file";
import { findOwnMod } from "@/lib/dashboard/own-mod";
import { currentUserId } from "@/lib/dashboard/session";
import { parseGame, V1_GAME } from "@/lib/catalogue/game";
import { listItems } from "@/lib/engrams/find-engrams";

export const dynamic = "force-dynamic";

export const GET = routeHandler(
  async (_req: Request, { params }: { params: Promise<{ modId: string; file: string }> }) => {
    const { modId, file } = await params;
    const wanted = parseCatalogueFileName(file);
    if (!wanted)
      return textResponse(404, "No such file: engrams.csv, engrams.json, creatures.csv and creatures.json are.");
    const userId = await currentUserId();
    if (!userId) return textResponse(401, "Sign in first.");
    const mod = await findOwnMod(db(), { userId, workshopId: modId, confirmed: true });
    const items = await listItems(db(), wanted.kind, { mods: [mod.workshopId], game: parseGame(mod.game) ?? V1_GAME });
    const body = wanted.format === "csv" ? catalogueCsv(wanted.kind, items) : catalogueJson(items);
    const type = wanted.format === "csv" ? "text/csv; charset=utf-8" : "application/json";
    return {
      status: 200,
      // The name is built from digits and fixed words only: nothing a client sent can split the header.
      headers: {
        "content-type": type,
        "content-disposition": `attachment; filename="${wanted.kind}-${mod.workshopId}.${wanted.format}"`,
        "cache-control": "private, no-store",
      },
      body,
    };
  },
);
