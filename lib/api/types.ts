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
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | string | null;
}

const JSON_TYPE = "application/json";

export function jsonResponse(data: unknown, status = 200, headers: Record<string, string> = {}): ApiResponse {
  return { status, headers: { "content-type": JSON_TYPE, ...headers }, body: JSON.stringify(data) };
}

/** Success of POST and DELETE: 200 and an empty body (spec "Endpoints"). */
export function emptyResponse(status = 200, headers: Record<string, string> = {}): ApiResponse {
  return { status, headers, body: null };
}
