/**
 * The bytes a request's signature covers (docs/CONTRACT.md#signing):
 *   METHOD "\n" BASE_URL + raw path [+ "?" + raw query]        for GET
 *   METHOD "\n" BASE_URL + raw path [+ "?" + raw query] "\n" body   for every other method
 * "Raw" is exactly what the client sent; the Host header never matters. Shared by the
 * server's verifier and the client library's signer so they cannot drift apart.
 */
export function signedContent(method: string, baseUrl: string, rawTarget: string, body: Uint8Array): Buffer {
  const upper = method.toUpperCase();
  const head = `${upper}\n${baseUrl}${rawTarget}`;
  if (upper === "GET") return Buffer.from(head, "utf8");
  return Buffer.concat([Buffer.from(`${head}\n`, "utf8"), body]);
}

/** The method and URL lines, as shown to a client whose signature failed (never the body). */
export function signedLines(method: string, baseUrl: string, rawTarget: string): { method: string; url: string } {
  return { method: method.toUpperCase(), url: `${baseUrl}${rawTarget}` };
}
