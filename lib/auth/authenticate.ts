/**
 * HTTP Basic credentials of a signed v1 request: username = user UUID, password = hex
 * signature of the signed content (docs/CONTRACT.md#signing). Every failure is a 401 carrying the
 * WWW-Authenticate challenge; a bad signature also tells the client which method and URL
 * lines were verified, so client authors can see what they should have signed.
 */
import { ApiError } from "@/lib/api/errors";
import type { ApiRequest } from "@/lib/api/types";
import { signedContent, signedLines } from "@/lib/auth/signed-content";
import { matchSignature, type KeySet } from "@/lib/keys/keys";
import { isUuid } from "@/lib/uuid";

export const WWW_AUTHENTICATE = 'Basic realm="Beacon API"';

export function unauthorized(message: string, details: unknown = null): ApiError {
  return new ApiError("unauthorized", message, details, { "www-authenticate": WWW_AUTHENTICATE });
}

export function parseBasic(header: string | undefined): { username: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? "");
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Looks up a user's stored PEM public key; null when the user does not exist. */
export type FindPublicKey = (userId: string) => Promise<string | null>;

/** Looks up every key of a user (lib/keys/keys.ts); null when the user does not exist. */
export type FindKeySet = (userId: string) => Promise<KeySet | null>;

/** A one-key set, for callers that know only the primary key. */
export function singleKey(findPublicKey: FindPublicKey): FindKeySet {
  return async (userId) => {
    const pem = await findPublicKey(userId);
    return pem === null ? null : { primary: pem, active: [pem], revoked: [] };
  };
}

/** Verifies against the one key `findPublicKey` returns. */
export async function authenticate(
  req: ApiRequest,
  baseUrl: string,
  findPublicKey: FindPublicKey,
): Promise<{ userId: string }> {
  const { userId } = await authenticateKeys(req, baseUrl, singleKey(findPublicKey));
  return { userId };
}

/** Verifies against every active key of the user; says so when the signing key was revoked. */
export async function authenticateKeys(
  req: ApiRequest,
  baseUrl: string,
  findKeySet: FindKeySet,
): Promise<{ userId: string; pem: string }> {
  const header = req.headers["authorization"];
  if (!header) throw unauthorized("This request must be signed: send Authorization: Basic <user id>:<hex signature>.");
  const credentials = parseBasic(header);
  if (!credentials) throw unauthorized("The Authorization header is not valid HTTP Basic credentials.");
  const userId = credentials.username.toLowerCase();
  if (!isUuid(userId)) throw unauthorized("The username of the Authorization header must be a user UUID.");
  const keys = await findKeySet(userId);
  if (!keys) throw unauthorized("No user has this id.", { user_id: userId });
  const content = signedContent(req.method, baseUrl, req.rawTarget, req.body);
  const match = matchSignature(keys, content, credentials.password);
  if (match.ok) return { userId, pem: match.pem };
  if (match.revoked)
    throw unauthorized(
      "This request is signed with a key that was revoked: sign with another key of the account, or recover the account with a recovery code.",
      { user_id: userId, key: "revoked" },
    );
  throw unauthorized("The signature does not match this request.", signedLines(req.method, baseUrl, req.rawTarget));
}
