import { nextRouteHandlers } from "@/lib/api/next-adapter";
import { webhookEndpoint } from "../endpoint";

export const dynamic = "force-dynamic";
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = nextRouteHandlers(webhookEndpoint);
