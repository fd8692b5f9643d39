/**
 * Content-Disposition for a document download (docs/CONTRACT.md#documents). The header must stay one
 * pure-ASCII line whatever the title holds, so the plain `filename` drops quotes,
 * backslashes, control characters (CR/LF included) and path separators and folds
 * non-ASCII letters to ASCII; `filename*` (RFC 6266/8187) carries the real name.
 */
import { withoutControlCharacters } from "@/lib/text/control-characters";

export const DOCUMENT_EXTENSION = ".beacon";
/** keeps the header well under common 8 KiB header limits */
const MAX_NAME_CHARS = 150;
const FALLBACK_NAME = "document";

const SEPARATORS = /[/\\]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The name without characters that could split a header or name a path. */
function cleanName(name: string): string {
  // Leading dots: "../../x" must not become a hidden "....x" file.
  return withoutControlCharacters(name.replace(LONE_SURROGATE, "\uFFFD").replace(SEPARATORS, ""))
    .trim()
    .replace(/^[.\s]+/, "");
}

function truncate(s: string): string {
  return Array.from(s).slice(0, MAX_NAME_CHARS).join("").trim();
}

/** ASCII fallback: accents folded (é -> e), quotes dropped, other non-ASCII -> "_". */
export function asciiFilename(name: string, extension = DOCUMENT_EXTENSION): string {
  // Clean again after NFKD: it turns fullwidth "／" and "＂" into "/" and '"'.
  const folded = cleanName(cleanName(name).normalize("NFKD"))
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/"/g, "")
    .replace(/[^\u0020-\u007e]/gu, "_");
  return (truncate(folded.trim()) || FALLBACK_NAME) + extension;
}

/** RFC 8187 ext-value: UTF-8, every byte outside attr-char percent-encoded. */
export function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `extension` is trusted (a constant such as ".ini"); `name` is not. */
export function contentDisposition(name: string, extension = DOCUMENT_EXTENSION): string {
  const utf8Name = (truncate(cleanName(name)) || FALLBACK_NAME) + extension;
  return `attachment; filename="${asciiFilename(name, extension)}"; filename*=UTF-8''${encodeExtValue(utf8Name)}`;
}
