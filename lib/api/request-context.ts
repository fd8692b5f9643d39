/**
 * What a v1 handler gets: the parsed target (ids, query), the caller, and body readers
 * that enforce the Content-Type rules of docs/CONTRACT.md#replies (400 when wrong).
 */
import { ApiError, badRequest } from "@/lib/api/errors";
import { checkJsonBody } from "@/lib/api/json-limits";
import type { ApiRequest } from "@/lib/api/types";
import type { TokenGrant } from "@/lib/keys/tokens";

export interface Caller {
  userId: string;
  /** set when the request carried an API token (Bearer) instead of a signature */
  token?: TokenGrant;
  /** the public key (PEM) that signed the request; unset for a token */
  keyPem?: string;
}

export interface RequestContext {
  req: ApiRequest;
  /** comma-separated ids of the path segment after the endpoint, decoded; [] when absent */
  pathIds: string[];
  /** query parameters, decoded from the raw query */
  query: URLSearchParams;
  /** the authenticated caller, or null for anonymous requests */
  caller: Caller | null;
  /** the caller, or a 401 when the endpoint allowed anonymous requests */
  requireCaller(): Caller;
  /**
   * The signer of a method that never requires a signature (auth "none"), verified only
   * when asked: the user id, or null when the request carries no valid signature (never a
   * 401). For reads that show a signer more (an author's hidden document).
   */
  signer(): Promise<string | null>;
  /**
   * the body parsed as JSON; 400 unless Content-Type is application/json, when nested
   * too deeply, or when a key or string holds NUL (lib/api/json-limits.ts): `nul: "keep"`
   * for the endpoints that keep or clean the text themselves (documents, reports)
   */
  json(options?: { nul?: "refuse" | "keep" }): unknown;
  /** the body as UTF-8 text (400 on invalid UTF-8) */
  text(): string;
  /** ids from the path, or else from a text/plain comma-separated body (bulk DELETE) */
  idList(): string[];
}

export interface ParsedTarget {
  /** the text after "<endpoint>/", undecoded, or null when there is none */
  rest: string | null;
  query: URLSearchParams;
}

export function splitIds(list: string): string[] {
  return list
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function decodeComponent(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw badRequest("The URL contains an invalid percent-escape.", { value: s });
  }
}

export function pathIdsOf(rest: string | null): string[] {
  if (rest === null || rest === "") return [];
  if (rest.includes("/")) throw badRequest("Ids must be given as one comma-separated path segment.", { path: rest });
  return splitIds(rest).map(decodeComponent);
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

export function mediaType(req: ApiRequest): string {
  return (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
}

export function createContext(
  req: ApiRequest,
  target: ParsedTarget,
  caller: Caller | null,
  /** verifies the request's signature, when it has one (the endpoint wrapper's keys) */
  verifySigner: () => Promise<string | null> = () => Promise.resolve(null),
): RequestContext {
  const pathIds = pathIdsOf(target.rest);
  let signer: Promise<string | null> | undefined;
  const text = (): string => {
    try {
      return utf8.decode(req.body);
    } catch {
      throw badRequest("The request body is not valid UTF-8.");
    }
  };
  return {
    req,
    pathIds,
    query: target.query,
    caller,
    requireCaller() {
      if (!caller)
        throw new ApiError("unauthorized", "This request must be signed.", null, {
          "www-authenticate": 'Basic realm="Beacon API"',
        });
      return caller;
    },
    signer() {
      signer ??= caller ? Promise.resolve(caller.userId) : verifySigner();
      return signer;
    },
    json({ nul = "refuse" } = {}) {
      const type = mediaType(req);
      if (type !== "application/json") {
        throw badRequest("The body must be sent with Content-Type: application/json.", { content_type: type || null });
      }
      const source = text();
      let value: unknown;
      try {
        value = JSON.parse(source) as unknown;
      } catch (err) {
        throw badRequest("The body is not valid JSON.", { error: (err as Error).message });
      }
      checkJsonBody(value, { nul });
      return value;
    },
    text,
    idList() {
      if (pathIds.length > 0) return pathIds;
      if (req.body.length === 0) return [];
      const type = mediaType(req);
      if (type !== "text/plain") {
        throw badRequest("A bulk request lists its ids in a text/plain body.", { content_type: type || null });
      }
      return splitIds(text());
    },
  };
}
