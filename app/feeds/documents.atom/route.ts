/** GET /feeds/documents.atom: documents published or updated, site-wide (lib/feeds/feeds.ts). */
import { routeHandler } from "@/lib/api/route-handler";
import { config } from "@/lib/config";
import { readDb } from "@/lib/db/replicas";
import { documentsFeed, feedReply } from "@/lib/feeds/feeds";

export const dynamic = "force-dynamic";

export const GET = routeHandler(async () => feedReply(await documentsFeed(readDb(), config().BASE_URL)));
