/**
 * What a display name may be (docs/PORTAL.md#display-names), in one place for the account form, the
 * server action, the author filter and the tests:
 * - 3 to 32 characters after normalising: Unicode NFC, runs of white space made one
 *   space, trimmed;
 * - letters of any script (with their combining marks), digits, spaces and - _ . ' ;
 *   no other symbols, no emoji, no invisible or control characters;
 * - starts and ends with a letter or digit, and has at least one letter;
 * - not of the form "user 1234abcd", which is how authors without a name are shown.
 * Two names are the same name when they differ only in letter case, in compatibility
 * forms (NFKC: full-width letters, ligatures) or in the separators between words:
 * "Jo Smith", "jo_smith" and "JOSMITH" are one name. displayNameKey() is that folded
 * form; the database's unique index over it keeps each name to one author. Look-alike
 * letters of different scripts (Latin "a", Cyrillic "а") are not folded.
 */
export const DISPLAY_NAME_MIN = 3;
export const DISPLAY_NAME_MAX = 32;
export const DISPLAY_NAME_RULES = `${DISPLAY_NAME_MIN}-${DISPLAY_NAME_MAX} characters: letters, digits, spaces and - _ . ' (starting and ending with a letter or digit). Names that differ only in capitals or separators count as the same name.`;

export type DisplayNameResult = { ok: true; name: string; key: string } | { ok: false; message: string };

const ALLOWED = /^[\p{L}\p{M}\p{Nd} .'_-]$/u;
const SEPARATORS = /[ .'_-]/g;

/** The name folded for comparison: NFKC, lowercase, without separators. */
export function displayNameKey(name: string): string {
  return name.normalize("NFKC").toLowerCase().replace(SEPARATORS, "");
}

function shown(char: string): string {
  return /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u.test(char)
    ? `“${char}”`
    : `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

export function parseDisplayName(raw: string): DisplayNameResult {
  const name = raw.normalize("NFC").replace(/\s+/gu, " ").trim();
  const chars = [...name];
  if (chars.length < DISPLAY_NAME_MIN)
    return { ok: false, message: `A display name has at least ${DISPLAY_NAME_MIN} characters.` };
  if (chars.length > DISPLAY_NAME_MAX)
    return {
      ok: false,
      message: `A display name has at most ${DISPLAY_NAME_MAX} characters (this one has ${chars.length}).`,
    };
  const bad = chars.find((c) => !ALLOWED.test(c));
  if (bad !== undefined)
    return {
      ok: false,
      message: `${shown(bad)} cannot be part of a display name: use letters, digits, spaces and - _ . '`,
    };
  if (!/^[\p{L}\p{Nd}]/u.test(name) || !/[\p{L}\p{M}\p{Nd}]$/u.test(name))
    return { ok: false, message: "A display name starts and ends with a letter or a digit." };
  if (!/\p{L}/u.test(name)) return { ok: false, message: "A display name has at least one letter." };
  const key = displayNameKey(name);
  if (/^user[0-9a-f]{8}$/.test(key))
    return {
      ok: false,
      message: "Names like “user 1234abcd” are how authors without a name are shown; choose another.",
    };
  return { ok: true, name, key };
}

/** How an author is shown: their display name, or "user" and the first block of their id. */
export function authorLabel(userId: string, name: string | null | undefined): string {
  return name ?? `user ${userId.slice(0, 8)}`;
}
