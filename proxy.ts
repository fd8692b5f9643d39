/**
 * Security headers of the web pages. The CSP allows scripts only by a per-request nonce
 * (Next.js stamps it on its own inline and bundle scripts when it finds it in the
 * request's Content-Security-Policy), so an injected <script> never runs even if some
 * escaping failed. Styles allow inline attributes: the spawn table's spacer rows carry
 * their height in style="". /v1/ (game clients) and static assets are not matched.
 */
import { NextResponse, type NextRequest } from "next/server";

function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = contentSecurityPolicy(nonce);
  const headers = new Headers(request.headers);
  headers.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  response.headers.set("X-Content-Type-Options", "nosniff");
  response.headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  response.headers.set("X-Frame-Options", "DENY");
  return response;
}

export const config = {
  matcher: [{ source: "/((?!v1/|_next/static|_next/image|favicon.ico|robots.txt|healthz).*)" }],
};
