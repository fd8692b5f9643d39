/** GET /feeds/mods/<mod_id>.atom: a confirmed mod's catalogue changes (lib/feeds/feeds.ts). */
import { config } from "@/lib/config";
import { readDb } from "@/lib/db/replicas";
import { modFeed } from "@/lib/feeds/feeds";
import { feedResponse, feedSubject } from "../../feed-response";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const modId = feedSubject((await params).file);
  return feedResponse(req, modId === null ? null : await modFeed(readDb(), config().BASE_URL, modId));
}
