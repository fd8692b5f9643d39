/** Small builders shared by the path files of the OpenAPI document. */
import type { Example, JsonSchema, MediaType, Parameter, Response } from "@/lib/openapi/types";

export const SIGNED = [{ beaconSignature: [] }];

export const schemaRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

export const examples = (
  values: Record<string, unknown>,
  summaries: Record<string, string> = {},
): Record<string, Example> =>
  Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      { ...(summaries[name] ? { summary: summaries[name] } : {}), value },
    ]),
  );

export function pathIds(name: string, description: string, values: Record<string, string>): Parameter {
  return { name, in: "path", required: true, description, schema: { type: "string" }, examples: examples(values) };
}

export function query(
  name: string,
  description: string,
  schema: JsonSchema,
  values: Record<string, string> = {},
  allowEmptyValue = false,
): Parameter {
  return {
    name,
    in: "query",
    required: false,
    description,
    schema,
    ...(allowEmptyValue ? { allowEmptyValue } : {}),
    examples: examples(values),
  };
}

export const json = (
  schema: JsonSchema,
  values?: Record<string, unknown>,
  summaries?: Record<string, string>,
): Record<string, MediaType> => ({
  "application/json": { schema, ...(values ? { examples: examples(values, summaries) } : {}) },
});

export const idListBody = (description: string, values: Record<string, string>) => ({
  required: true,
  description,
  content: { "text/plain": { schema: schemaRef("IdList"), examples: examples(values) } },
});

/** Success of POST and DELETE: 200 and no body (docs/CONTRACT.md#replies). */
export const EMPTY_OK: Response = { description: "Done: 200 with an empty body." };

export const jsonOk = (description: string, schema: JsonSchema, values?: Record<string, unknown>): Response => ({
  description,
  content: json(schema, values),
});
