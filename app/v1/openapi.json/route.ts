/** GET /v1/openapi.json: the OpenAPI 3.1 description of the v1 API (lib/openapi). */
import { config } from "@/lib/config";
import { openApiDocument } from "@/lib/openapi/document";

export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json(openApiDocument(config().BASE_URL), {
    headers: { "access-control-allow-origin": "*", "cache-control": "public, max-age=300" },
  });
}
