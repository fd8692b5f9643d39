/** GET /feeds/documents.atom: documents published or updated, site-wide (lib/feeds/feeds.ts). */
import { config } from "@/lib/config";
import { readDb } from "@/lib/db/replicas";
import { documentsFeed } from "@/lib/feeds/feeds";
import { feedResponse } from "../feed-response";

export const dynamic = "force-dynamic";

export async function GET(req: Request): Promise<Response> {
  return feedResponse(req, await documentsFeed(readDb(), config().BASE_URL));
}
