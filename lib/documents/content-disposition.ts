/**
 * Content-Disposition for a document download (CONTRACT §7). The header must stay one
 * pure-ASCII line whatever the title holds, so the plain `filename` drops quotes,
 * backslashes, control characters (CR/LF included) and path separators and folds
 * non-ASCII letters to ASCII; `filename*` (RFC 6266/8187) carries the real name.
 */
export const DOCUMENT_EXTENSION = ".beacon";
/** keeps the header well under common 8 KiB header limits */
const MAX_NAME_CHARS = 150;
const FALLBACK_NAME = "document";

/** C0, DEL and C1 controls, plus Unicode line/paragraph separators. */
function isControl(char: string): boolean {
  const code = char.codePointAt(0)!;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}
const SEPARATORS = /[/\\]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The name without characters that could split a header or name a path. */
function cleanName(name: string): string {
  const chars = Array.from(name.replace(LONE_SURROGATE, "\uFFFD").replace(SEPARATORS, ""));
  // Leading dots: "../../x" must not become a hidden "....x" file.
  return chars.filter((c) => !isControl(c)).join("").trim().replace(/^[.\s]+/, "");
}

function truncate(s: string): string {
  return Array.from(s).slice(0, MAX_NAME_CHARS).join("").trim();
}

/** ASCII fallback: accents folded (é -> e), quotes dropped, other non-ASCII -> "_". */
export function asciiFilename(name: string): string {
  // Clean again after NFKD: it turns fullwidth "／" and "＂" into "/" and '"'.
  const folded = cleanName(cleanName(name).normalize("NFKD"))
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/"/g, "")
    .replace(/[^\u0020-\u007e]/gu, "_");
  return (truncate(folded.trim()) || FALLBACK_NAME) + DOCUMENT_EXTENSION;
}

/** RFC 8187 ext-value: UTF-8, every byte outside attr-char percent-encoded. */
export function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function contentDisposition(name: string): string {
  const utf8Name = (truncate(cleanName(name)) || FALLBACK_NAME) + DOCUMENT_EXTENSION;
  return `attachment; filename="${asciiFilename(name)}"; filename*=UTF-8''${encodeExtValue(utf8Name)}`;
}
