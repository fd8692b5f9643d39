/**
 * A kept revision's content as the database holds it: its chunks in order (each deflated
 * or not) and the sha256 of the whole. Joining them is plain CPU work (one zlib stream per
 * chunk, ~290 chunks a MiB, and a sha256), so it lives apart from the database code: the
 * diff worker (lib/documents/diff/diff-worker.ts) joins the two sides of a diff itself,
 * and the event loop only fetches the rows.
 */
import { createHash } from "node:crypto";
import { inflateRawSync } from "node:zlib";

export type ChunkEncoding = "deflate-raw" | "identity";

export interface StoredChunk {
  encoding: ChunkEncoding;
  body: Uint8Array<ArrayBuffer>;
}

export interface StoredContent {
  /** the revision's chunks in order, a chunk repeated where the content repeats it */
  parts: StoredChunk[];
  /** hex sha256 of the whole content */
  sha256: string;
  /** what the content is, for the error when its chunks do not make it */
  label: string;
}

function inflate(chunk: StoredChunk): Uint8Array {
  if (chunk.encoding === "deflate-raw") return inflateRawSync(chunk.body);
  if (chunk.encoding === "identity") return chunk.body;
  throw new Error(`unknown chunk encoding ${chunk.encoding as string}`);
}

/** The content's bytes, checked against its sha256: damaged chunks are an error, never other bytes. */
export function joinStoredContent(content: StoredContent): Buffer {
  const inflated = new Map<StoredChunk, Uint8Array>();
  const bytes = Buffer.concat(
    content.parts.map((part) => {
      let body = inflated.get(part);
      if (!body) inflated.set(part, (body = inflate(part)));
      return body;
    }),
  );
  if (createHash("sha256").update(bytes).digest("hex") !== content.sha256)
    throw new Error(`${content.label} does not match its sha256`);
  return bytes;
}

/** Content given as bytes or as stored: its bytes. */
export const contentBytes = (content: Uint8Array | StoredContent): Uint8Array =>
  content instanceof Uint8Array ? content : joinStoredContent(content);
