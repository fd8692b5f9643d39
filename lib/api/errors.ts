/**
 * The one error type of the API. Domain code throws ApiError(code, message, details);
 * the request wrapper turns it into `{"message", "details"}` with the status below
 * (docs/CONTRACT.md#errors). Anything else thrown becomes a logged 500 that says nothing internal.
 */
export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  too_many_requests: 429,
  bad_gateway: 502,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: unknown = null,
    /** extra response headers, e.g. WWW-Authenticate or Allow */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = errorStatus[code];
  }
}

export const badRequest = (message: string, details: unknown = null) => new ApiError("bad_request", message, details);
export const notFound = (message: string, details: unknown = null) => new ApiError("not_found", message, details);
export const forbidden = (message: string, details: unknown = null) => new ApiError("forbidden", message, details);
export const conflict = (message: string, details: unknown = null) => new ApiError("conflict", message, details);

/**
 * Runs `run`; an ApiError it throws becomes `onError`'s answer, anything else propagates.
 * The one place the portal's pages, actions and routes turn the domain's refusals into
 * their own replies (a form's message, a page's 404, a plain-text status).
 */
export async function answerApiError<T, E = T>(run: () => Promise<T>, onError: (err: ApiError) => E): Promise<T | E> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ApiError) return onError(err);
    throw err;
  }
}
