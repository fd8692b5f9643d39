/** The framework-free request and response the v1 API handlers work on. */

export interface ApiRequest {
  method: string;
  /** path and query exactly as the client sent them (the signature covers these bytes) */
  rawTarget: string;
  /** lowercase header names */
  headers: Record<string, string | undefined>;
  /** request body bytes, already gunzipped when sent with Content-Encoding: gzip */
  body: Uint8Array;
  remoteAddress: string;
  /** set by the endpoint wrapper once a signature is verified, for the request's log line */
  signedUserId?: string;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | string | null;
  /** the same body compressed ahead of time, chosen by the client's Accept-Encoding */
  variants?: { gzip?: Uint8Array | null; br?: Uint8Array | null };
}

const JSON_TYPE = "application/json";

export function jsonResponse(data: unknown, status = 200, headers: Record<string, string> = {}): ApiResponse {
  return { status, headers: { "content-type": JSON_TYPE, ...headers }, body: JSON.stringify(data) };
}

/** Success of POST and DELETE: 200 and an empty body (docs/CONTRACT.md#replies). */
export function emptyResponse(status = 200, headers: Record<string, string> = {}): ApiResponse {
  return { status, headers, body: null };
}

/** A body prepared once (lib/cache/cached-body.ts): its ETag and compressed forms included. */
export function preparedJsonResponse(prepared: {
  body: Uint8Array;
  etag: string;
  gzip: Uint8Array | null;
  br: Uint8Array | null;
}): ApiResponse {
  return {
    status: 200,
    headers: { "content-type": JSON_TYPE, etag: prepared.etag },
    body: prepared.body,
    variants: { gzip: prepared.gzip, br: prepared.br },
  };
}
