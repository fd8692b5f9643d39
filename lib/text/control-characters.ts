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
