/**
 * The one wrapper every /v1/*.php endpoint goes through (STYLE habit 1): OPTIONS
 * preflight, 405 with Allow, signature auth as each method declares it, the error
 * translator of docs/CONTRACT.md#errors, and CORS on every reply. Handlers only parse input, call
 * lib/ and shape the reply; none has its own try/catch or auth.
 */
import { ApiError } from "@/lib/api/errors";
import { createContext, type Caller, type RequestContext } from "@/lib/api/request-context";
import type { ApiRequest, ApiResponse } from "@/lib/api/types";
import {
  authenticateKeys,
  singleKey,
  unauthorized,
  type FindKeySet,
  type FindPublicKey,
} from "@/lib/auth/authenticate";
import { checkSignedAt, rememberUntil, replayed, signatureUseHash, type RememberSignature } from "@/lib/auth/replay";
import { signedContent } from "@/lib/auth/signed-content";
import { errorResponse } from "@/lib/api/error-response";
import { applyConditionalGet } from "@/lib/api/conditional-get";
import type { ApiRateLimits, RequestLimits } from "@/lib/rate-limit/api-limits";
import type { TokenGrant, TokenScope } from "@/lib/keys/tokens";

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface MethodSpec {
  /** "required": 401 unless signed; "optional": verified when an Authorization header is sent; "none": never read */
  auth: "required" | "optional" | "none";
  /** an API token with this scope may stand in for the signature (Authorization: Bearer bh_...) */
  token?: TokenScope;
  /**
   * a signed request must carry signed_at and is accepted once (lib/auth/replay.ts): the
   * methods that change credentials or hand out secrets
   */
  refuseReplays?: boolean;
  handle(ctx: RequestContext): Promise<ApiResponse> | ApiResponse;
}

export interface Endpoint {
  /** the file name under /v1/, e.g. "user.php" */
  name: string;
  methods: Partial<Record<Method, MethodSpec>>;
}

export interface EndpointEnv {
  baseUrl: string;
  findPublicKey: FindPublicKey;
  /** every key of a user (lib/keys); signatures are checked with findPublicKey's one key when absent */
  findKeySet?: FindKeySet;
  /** told which key signed each verified request (its last use); must not wait or throw */
  keyUsed?: (userId: string, pem: string) => void;
  /** the grant of a Bearer token (lib/keys/tokens.ts); throws a 401; tokens are refused when absent */
  authenticateToken?: (token: string) => Promise<TokenGrant>;
  /** remembers accepted requests of refuseReplays methods (lib/auth/replay.ts); only signed_at is checked when absent */
  rememberSignature?: RememberSignature;
  /** the server's clock for signed_at (tests inject one) */
  now?: () => number;
  /** per-address and per-user limits (lib/rate-limit); none when absent */
  rateLimits?: ApiRateLimits;
  /**
   * Throws (a 403) when this signer may not write (a suspended account,
   * lib/moderation/suspension.ts); asked for signed requests other than GET and HEAD
   */
  refuseWriter?: (userId: string) => Promise<void>;
}

/** On every /v1 reply, the refusals made before a body was read included (lib/api/node-adapter.ts). */
export const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers":
    "WWW-Authenticate, Allow, Retry-After, ETag, Content-Disposition, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, X-Request-Id, Beacon-Read-After",
  // Downloads are bytes any user chose: never let a browser sniff them into HTML.
  "x-content-type-options": "nosniff",
};

export function allowHeader(endpoint: Endpoint): string {
  return [...Object.keys(endpoint.methods), "OPTIONS"].join(", ");
}

/** Splits a raw target "/v1/user.php/a,b?x=1" into what follows the endpoint name. */
export function parseTarget(endpoint: Endpoint, rawTarget: string): { rest: string | null; query: URLSearchParams } {
  const q = rawTarget.indexOf("?");
  const path = q < 0 ? rawTarget : rawTarget.slice(0, q);
  const query = new URLSearchParams(q < 0 ? "" : rawTarget.slice(q + 1));
  const prefix = `/v1/${endpoint.name}`;
  const after = path.startsWith(prefix) ? path.slice(prefix.length) : "";
  return { rest: after.startsWith("/") ? after.slice(1) : null, query };
}

/** The default body limit of a method anyone may call unsigned (UNSIGNED_MAX_BODY_BYTES, docs/CONTRACT.md#limits). */
export const UNSIGNED_BODY_BYTES = 1024 * 1024;

export interface BodyLimits {
  /** MAX_BODY_BYTES: methods that require a signature */
  signed: number;
  /** UNSIGNED_MAX_BODY_BYTES: methods anyone may call without one (never above `signed`) */
  unsigned: number;
}

/** What was decided about a request before its body was read (admitRequest). */
export interface Admission {
  limits?: RequestLimits;
  bodyLimit: number;
}

/**
 * What is decided from the request line and headers alone, before the body is read: the
 * address's rate limit (a client over it is answered without reading what it sends) and
 * how large a body the method takes: the signed limit where a signature is required, the
 * far smaller unsigned one where anyone may call, since every byte of a body is read (and
 * a gzip one inflated) before anything about its sender can be checked.
 */
export function admitRequest(
  endpoint: Endpoint,
  head: Pick<ApiRequest, "method" | "headers" | "remoteAddress">,
  env: EndpointEnv,
  bodyLimits: BodyLimits,
): Admission {
  const limits = env.rateLimits?.begin(head);
  limits?.checkIp();
  const signedOnly = endpoint.methods[head.method.toUpperCase() as Method]?.auth === "required";
  return { limits, bodyLimit: signedOnly ? bodyLimits.signed : Math.min(bodyLimits.signed, bodyLimits.unsigned) };
}

/** `admission`: admitRequest already counted this request against its address. */
export async function handleEndpoint(
  endpoint: Endpoint,
  req: ApiRequest,
  env: EndpointEnv,
  admission?: Admission,
): Promise<ApiResponse> {
  const allow = allowHeader(endpoint);
  const limits = admission ? admission.limits : env.rateLimits?.begin(req);
  let res: ApiResponse;
  try {
    if (!admission) limits?.checkIp();
    res = applyConditionalGet(req, await dispatch(endpoint, req, env, allow, limits));
  } catch (err) {
    res = errorResponse(err, { method: req.method, target: req.rawTarget, requestId: req.headers["x-request-id"] });
  }
  Object.assign(res.headers, CORS_HEADERS);
  // A 429 of a handler's own limiter (recovery attempts) carries that limit's RateLimit-*:
  // the general limit's count must not overwrite it.
  for (const [name, value] of Object.entries(limits?.headers() ?? {})) res.headers[name] ??= value;
  return res;
}

/** signed_at within the window, and these signed bytes never accepted before (by any instance). */
async function refuseReplay(req: ApiRequest, env: EndpointEnv, query: URLSearchParams, userId: string): Promise<void> {
  const signedAt = checkSignedAt(query, (env.now ?? Date.now)());
  if (!env.rememberSignature) return;
  const hash = signatureUseHash(userId, signedContent(req.method, env.baseUrl, req.rawTarget, req.body));
  if (!(await env.rememberSignature(hash, rememberUntil(signedAt)))) throw replayed();
}

async function dispatch(
  endpoint: Endpoint,
  req: ApiRequest,
  env: EndpointEnv,
  allow: string,
  limits?: RequestLimits,
): Promise<ApiResponse> {
  if (req.method === "OPTIONS") {
    return {
      status: 204,
      headers: {
        allow,
        "access-control-allow-methods": allow,
        // Beacon-Read-After: a browser client sends a write's position back (lib/db/replicas.ts)
        "access-control-allow-headers": "Authorization, Content-Type, Content-Encoding, Beacon-Read-After",
        "access-control-max-age": "86400",
      },
      body: null,
    };
  }
  const spec = endpoint.methods[req.method as Method];
  if (!spec) {
    throw new ApiError(
      "method_not_allowed",
      `${req.method} is not allowed on /v1/${endpoint.name}.`,
      { allow },
      { allow },
    );
  }
  const target = parseTarget(endpoint, req.rawTarget);
  let caller: Caller | null = null;
  if (spec.auth === "required" || (spec.auth === "optional" && req.headers["authorization"])) {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers["authorization"] ?? "");
    if (bearer) {
      // A credential this method cannot use is the interface's 401 with its challenge
      // (docs/CONTRACT.md#errors), never a 403: a v1 client reacts to 401 by signing.
      if (!spec.token || !env.authenticateToken)
        throw unauthorized("API tokens are not accepted here: sign this request with a key.");
      const grant = await env.authenticateToken(bearer[1]!);
      if (!grant.scopes.includes(spec.token))
        throw new ApiError("forbidden", `This API token does not have the ${spec.token} scope.`, {
          scope: spec.token,
        });
      caller = { userId: grant.userId, token: grant };
    } else {
      const signed = await authenticateKeys(req, env.baseUrl, env.findKeySet ?? singleKey(env.findPublicKey));
      if (spec.refuseReplays) await refuseReplay(req, env, target.query, signed.userId);
      env.keyUsed?.(signed.userId, signed.pem);
      caller = { userId: signed.userId, keyPem: signed.pem };
    }
    req.signedUserId = caller.userId;
    limits?.checkUser(caller.userId);
    if (req.method !== "GET" && req.method !== "HEAD") await env.refuseWriter?.(caller.userId);
  }
  // A signature a method does not require is verified only if its handler asks (ctx.signer()).
  const verifySigner = () =>
    req.headers["authorization"] && !/^Bearer\s/i.test(req.headers["authorization"])
      ? authenticateKeys(req, env.baseUrl, env.findKeySet ?? singleKey(env.findPublicKey)).then(
          (signed) => signed.userId,
          () => null,
        )
      : Promise.resolve(null);
  return spec.handle(createContext(req, target, caller, verifySigner));
}
