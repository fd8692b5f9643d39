/** GET /feeds/authors/<user_id>.atom: an author's documents, published or updated (lib/feeds/feeds.ts). */
import { config } from "@/lib/config";
import { readDb } from "@/lib/db/replicas";
import { authorFeed } from "@/lib/feeds/feeds";
import { feedResponse, feedSubject } from "../../feed-response";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const userId = feedSubject((await params).file);
  return feedResponse(req, userId === null ? null : await authorFeed(readDb(), config().BASE_URL, userId));
}
