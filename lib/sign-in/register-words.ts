/**
 * What "Create identity" says when POST /v1/user.php refuses the browser's new identity,
 * in its reader's terms: the API's messages ("Item 0 has an unusable public_key: ...")
 * are for tools, and stay as they are. Plain TypeScript: the page calls it in the browser.
 */
export function registerRefusalWords(status: number, retryAfterSeconds?: number | null): string {
  if (status === 429) {
    const minutes = retryAfterSeconds ? Math.max(1, Math.ceil(retryAfterSeconds / 60)) : null;
    return `Too many new identities were made from your network just now. Try again ${
      minutes === null ? "in a few minutes" : `in ${minutes} minute${minutes === 1 ? "" : "s"}`
    }.`;
  }
  if (status === 400 || status === 409)
    return "This server did not take the key your browser made. Try again; if it happens again, make your identity with the beacon-hub command-line tool.";
  if (status === 403) return "This server does not take new identities at the moment.";
  if (status >= 500)
    return `The server could not register your identity just now (it answered ${status}). Nothing was made: try again in a minute.`;
  return `The server answered ${status}. Nothing was made: try again.`;
}
