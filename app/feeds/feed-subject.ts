/** The route handlers' side of lib/feeds/feeds.ts: its reply as a Response (HEAD without the body). */
import type { AtomFeed } from "@/lib/feeds/atom";
import { feedReply } from "@/lib/feeds/feeds";

export function feedResponse(req: Request, feed: AtomFeed | null): Response {
  const reply = feedReply(feed, req.headers.get("if-none-match"));
  return new Response(req.method === "HEAD" ? null : reply.body, { status: reply.status, headers: reply.headers });
}

/** "<id>.atom" -> "<id>"; null for any other file name. */
export function feedSubject(file: string): string | null {
  return file.endsWith(".atom") ? file.slice(0, -".atom".length) : null;
}
