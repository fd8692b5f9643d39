/**
 * The part of OpenAPI 3.1 this project's description uses, typed so the document, the
 * reference page and the tests read the same structure.
 */
export type JsonSchema = { [key: string]: unknown };

export interface Example {
  summary?: string;
  description?: string;
  value: unknown;
}

export interface MediaType {
  schema: JsonSchema;
  examples?: Record<string, Example>;
}

export interface Header {
  description: string;
  schema: JsonSchema;
}

export interface Response {
  description: string;
  headers?: Record<string, Header>;
  content?: Record<string, MediaType>;
}

export interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  description: string;
  required?: boolean;
  allowEmptyValue?: boolean;
  schema: JsonSchema;
  /** keyed like the request body's examples: one name = one complete request */
  examples?: Record<string, Example>;
}

export interface RequestBody {
  description?: string;
  required?: boolean;
  content: Record<string, MediaType>;
}

export type Ref<T> = T | { $ref: string };

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: RequestBody;
  responses: Record<string, Ref<Response>>;
  /** [] or absent: no signature; [{ beaconSignature: [] }]: signed */
  security?: Record<string, string[]>[];
}

export type HttpMethod = "get" | "head" | "post" | "put" | "patch" | "delete";

export type PathItem = { summary?: string; description?: string } & Partial<Record<HttpMethod, Operation>>;

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string; license?: { name: string; identifier?: string } };
  servers: { url: string; description?: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, Response>;
    securitySchemes: Record<string, { type: "http"; scheme: "basic"; description: string }>;
  };
}

export const HTTP_METHODS: HttpMethod[] = ["get", "head", "post", "put", "patch", "delete"];

/** Resolves "#/components/responses/X" against the document. */
export function resolveResponse(doc: OpenApiDocument, r: Ref<Response>): Response {
  if (!("$ref" in r)) return r;
  const name = r.$ref.replace("#/components/responses/", "");
  const found = doc.components.responses[name];
  if (!found) throw new Error(`unknown response ${r.$ref}`);
  return found;
}
