/**
 * What the browser upload says when it refuses a file, in its reader's terms ("This file
 * is empty", "The file is 10.5 MB; the limit is 9.9 MB"), from the API's refusal of the
 * same bytes: the API keeps its own messages for the tools that read them ("The body is
 * not valid JSON.", "Item 0 is not a valid document: ..."); only the page's words differ.
 */
import type { ApiError } from "@/lib/api/errors";
import type { ItemIssue } from "@/lib/api/parse-items";
import { formatCount } from "@/lib/portal/format";

const NOT_BEACON = "This isn't a Beacon document";

/** Bytes in megabytes as people read them: 10.5 MB (1 MB = 1,048,576 bytes, as file managers count). */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString("en-US", { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`;
}

/** A file over the limit, sizes in MB (bytes when both are under one MB). */
export function fileTooLarge(bytes: number, limit: number): string {
  const size = (n: number) => (limit < 1024 * 1024 ? `${formatCount(n)} bytes` : formatMegabytes(n));
  return `The file is ${size(bytes)}; the limit is ${size(limit)}.`;
}

/** What each field of a document is, to people, when the API names it. */
const FIELD_WORDS: Record<string, string> = {
  Identifier: "it has no usable document id (Identifier)",
  Title: "it has no title",
  Description: "its description is not text",
};

function issueWords(details: unknown): string | null {
  const issues = (details as { issues?: ItemIssue[] } | null)?.issues;
  const first = Array.isArray(issues) ? issues[0] : undefined;
  if (!first) return null;
  const field = first.path.split(".")[0] ?? "";
  const words = FIELD_WORDS[field];
  if (!words) return null;
  return field === "Title" && first.message.includes("NUL") ? "its title holds a NUL character" : words;
}

/** The page's words for the API's refusal `err` of an uploaded file of `bytes` bytes. */
export function uploadRefusalWords(err: ApiError, file: { bytes: number; maxBytes: number }): string {
  if (err.code === "payload_too_large") return fileTooLarge(file.bytes, file.maxBytes);
  if (err.code !== "bad_request") return err.message;
  if (err.message === "The body is not valid JSON.")
    return `${NOT_BEACON}: Beacon saves documents as JSON text, and this file is not.`;
  if (/^The body must hold at least one /.test(err.message)) return `${NOT_BEACON}: it holds no documents.`;
  if (/^Item \d+ is not a document object\.$/.test(err.message))
    return `${NOT_BEACON}: it holds something other than a document.`;
  if (/^Items \d+ and \d+ are the same Identifier\.$/.test(err.message))
    return "The file holds the same document twice (two with one Identifier): save it again from Beacon.";
  const words = issueWords(err.details);
  if (words) return `${NOT_BEACON}: ${words}.`;
  return err.message;
}
