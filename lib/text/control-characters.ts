/**
 * C0 controls (NUL included) and DEL. PostgreSQL text cannot hold NUL at all, and no
 * id, URL or name of this service has a use for the others.
 */
export function hasControlCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** C0, DEL and C1 controls plus the Unicode line and paragraph separators. */
function isLineBreakingControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

/** The text without any character that could break a line or control a terminal. */
export function withoutControlCharacters(s: string): string {
  let out = "";
  for (const char of s) if (!isLineBreakingControl(char.codePointAt(0)!)) out += char;
  return out;
}
