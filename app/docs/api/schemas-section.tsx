/** The schemas of the reference: each object's keys with type and meaning. */
import type { ReactNode } from "react";
import type { JsonSchema, OpenApiDocument } from "@/lib/openapi/types";
import { SchemaType, schemaAnchor } from "./schema-type";

function Properties({ schema }: { schema: JsonSchema }): ReactNode {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  if (Object.keys(properties).length === 0)
    return (
      <p className="text-sm">
        <SchemaType schema={schema} />
      </p>
    );
  return (
    <table className="w-full text-left text-sm">
      <tbody>
        {Object.entries(properties).map(([name, prop]) => (
          <tr key={name} className="border-t border-slate-800 align-top">
            <td className="py-1 pr-4">
              <code className="text-amber-300">{name}</code>
              {required.has(name) ? <span className="text-rose-300"> *</span> : null}
            </td>
            <td className="py-1 pr-4">
              <SchemaType schema={prop} />
            </td>
            <td className="py-1 text-slate-300">{typeof prop.description === "string" ? prop.description : ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function SchemasSection({ doc }: { doc: OpenApiDocument }): ReactNode {
  return (
    <section aria-labelledby="schemas" className="space-y-4">
      <h2 id="schemas" className="text-2xl font-bold">
        Structures
      </h2>
      <p className="text-sm text-slate-400">Keys marked * are always present in replies (or required in requests).</p>
      {Object.entries(doc.components.schemas).map(([name, schema]) => (
        <div
          key={name}
          id={schemaAnchor(name)}
          className="scroll-mt-4 space-y-2 rounded-lg border border-slate-800 p-4"
        >
          <h3 id={`${schemaAnchor(name)}-title`} className="font-mono text-lg text-sky-300">
            {name}
          </h3>
          {typeof schema.description === "string" ? (
            <p className="text-sm text-slate-300">{schema.description}</p>
          ) : null}
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby={`${schemaAnchor(name)}-title`}>
            <Properties schema={schema} />
          </div>
        </div>
      ))}
    </section>
  );
}
