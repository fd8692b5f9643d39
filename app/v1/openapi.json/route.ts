/** GET /v1/openapi.json: the OpenAPI 3.1 description of the v1 API (lib/openapi). */
import { routeHandler } from "@/lib/api/route-handler";
import { jsonResponse } from "@/lib/api/types";
import { config } from "@/lib/config";
import { openApiDocument } from "@/lib/openapi/document";

export const dynamic = "force-dynamic";

export const GET = routeHandler(() =>
  jsonResponse(openApiDocument(config().BASE_URL), 200, {
    "access-control-allow-origin": "*",
    "cache-control": "public, max-age=300",
  }),
);
