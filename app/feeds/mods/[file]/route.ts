/** GET /feeds/mods/<mod_id>.atom: a confirmed mod's catalogue changes (lib/feeds/feeds.ts). */
import { routeHandler } from "@/lib/api/route-handler";
import { config } from "@/lib/config";
import { readDb } from "@/lib/db/replicas";
import { feedReply, modFeed } from "@/lib/feeds/feeds";
import { feedSubject } from "../../feed-subject";

export const dynamic = "force-dynamic";

export const GET = routeHandler(async (_req: Request, { params }: { params: Promise<{ file: string }> }) => {
  const modId = feedSubject((await params).file);
  return feedReply(modId === null ? null : await modFeed(readDb(), config().BASE_URL, modId));
});
