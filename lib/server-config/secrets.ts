/**
 * Settings that are secrets: a server's passwords and anything named like a key or token.
 * Documents never store them (documents are shared and published); imports leave them
 * out and say which were left out.
 */
const SECRET_KEY = /password|passwd|secret|token|api_?key/i;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}
