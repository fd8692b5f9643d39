/**
 * A request target as a log line may show it: the path, cut at 512 characters (a
 * 10,000-id DELETE path would otherwise make one line of hundreds of kilobytes), and the
 * query with the value of every parameter whose name looks like a secret replaced.
 * Beacon's own API carries no secret in a query, but a portal or OAuth-style callback,
 * or a client that puts a token in the URL, must not leak one into the logs.
 */
const MAX_PATH = 512;
const MAX_QUERY = 512;
const SECRET_WORDS = new Set([
  "token",
  "secret",
  "password",
  "passwd",
  "pwd",
  "auth",
  "authorization",
  "sig",
  "signature",
  "key",
  "apikey",
  "code",
  "session",
  "sid",
  "credential",
  "credentials",
  "cookie",
  "nonce",
  "state",
  "jwt",
  "bearer",
  "private",
]);

/** Whether a parameter name has a word that names a secret ("access_token", "apiKey", "sig"; not "author"). */
export function isSecretName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((w) => SECRET_WORDS.has(w));
}

export function logTarget(rawTarget: string): string {
  const q = rawTarget.indexOf("?");
  const path = q < 0 ? rawTarget : rawTarget.slice(0, q);
  const shownPath = path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}...(${path.length} characters)` : path;
  if (q < 0) return shownPath;
  const query = rawTarget
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // an invalid escape: judge the name as sent
      }
      return eq >= 0 && isSecretName(decoded) ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return `${shownPath}?${query.length > MAX_QUERY ? `${query.slice(0, MAX_QUERY)}...` : query}`;
}
