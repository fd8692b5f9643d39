/**
 * A document's metadata for its pages (the document, its odds, its settings), or undefined
 * for an id that is not a document or one the reader may not see (a hidden document is its
 * author's and moderators' alone: lib/documents/visibility.ts). Once per request and
 * arguments (React's request cache), however many of the page's parts ask.
 */
import { cache } from "react";
import { config } from "@/lib/config";
import { sessionHiddenAccess } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { readDb } from "@/lib/db/replicas";
import { findDocuments } from "@/lib/documents/find-documents";
import { isUuid } from "@/lib/uuid";

/**
 * `primary`: read from the primary, not a replica (a page its author saves from must show
 * the revision saved); `stats`: with its download counts.
 */
export const visibleDocument = cache(async (id: string, primary: boolean, stats: boolean) => {
  if (!isUuid(id)) return undefined;
  const [doc] = await findDocuments(primary ? db() : readDb(), {
    ids: [id.toLowerCase()],
    baseUrl: config().BASE_URL,
    stats,
    hiddenAccess: sessionHiddenAccess,
  });
  return doc;
});
