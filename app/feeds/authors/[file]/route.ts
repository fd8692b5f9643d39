/** GET /feeds/authors/<user_id>.atom: an author's documents, published or updated (lib/feeds/feeds.ts). */
import { routeHandler } from "@/lib/api/route-handler";
import { config } from "@/lib/config";
import { readDb } from "@/lib/db/replicas";
import { authorFeed, feedReply } from "@/lib/feeds/feeds";
import { feedSubject } from "../../feed-subject";

export const dynamic = "force-dynamic";

export const GET = routeHandler(async (_req: Request, { params }: { params: Promise<{ file: string }> }) => {
  const userId = feedSubject((await params).file);
  return feedReply(userId === null ? null : await authorFeed(readDb(), config().BASE_URL, userId));
});
