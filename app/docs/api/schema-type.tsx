/** A JSON Schema shown as a short type ("Mod | Mod[]", "string | null") with links to the schemas. */
import type { ReactNode } from "react";
import { schemas } from "@/lib/openapi/schemas";
import type { JsonSchema } from "@/lib/openapi/types";

export const schemaAnchor = (name: string) => `schema-${name}`;

export function typeText(schema: JsonSchema): string {
  if (typeof schema.$ref === "string") return schema.$ref.split("/").pop()!;
  if (Array.isArray(schema.oneOf)) return (schema.oneOf as JsonSchema[]).map(typeText).join(" | ");
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.type === "array") return `${typeText((schema.items as JsonSchema | undefined) ?? {})}[]`;
  const type = Array.isArray(schema.type)
    ? schema.type.join(" | ")
    : typeof schema.type === "string"
      ? schema.type
      : "any";
  return typeof schema.format === "string" ? `${type} (${schema.format})` : type;
}

/** The type, with schema names as links to their section. */
export function SchemaType({ schema }: { schema: JsonSchema }): ReactNode {
  const text = typeText(schema);
  return (
    <code className="text-sky-300">
      {text.split(/([A-Z][A-Za-z]+)/).map((part, i) =>
        part in schemas ? (
          <a key={i} href={`#${schemaAnchor(part)}`} className="underline decoration-dotted hover:text-sky-200">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </code>
  );
}
