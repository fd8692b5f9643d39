/** One operation of the reference: method and path, signature, parameters, body, responses. */
import type { ReactNode } from "react";
import { resolveResponse, type HttpMethod, type OpenApiDocument, type Operation } from "@/lib/openapi/types";
import { ExampleBlock } from "./example-block";
import { SchemaType } from "./schema-type";

const METHOD_STYLE: Record<HttpMethod, string> = {
  get: "bg-sky-900 text-sky-200",
  head: "bg-slate-700 text-slate-200",
  post: "bg-emerald-900 text-emerald-200",
  put: "bg-amber-900 text-amber-200",
  patch: "bg-amber-900 text-amber-200",
  delete: "bg-rose-900 text-rose-200",
};

export const operationAnchor = (op: Operation) => `op-${op.operationId}`;

function Parameters({ op }: { op: Operation }): ReactNode {
  if (!op.parameters?.length) return null;
  // Examples sit under each description rather than in a column of their own, so the
  // table fits a 390 px phone; the wrapper still scrolls (and takes focus, so keyboards
  // can scroll it) should a long name not fit.
  return (
    <div className="space-y-1">
      <h4 id={`${operationAnchor(op)}-params`} className="font-semibold text-slate-200">
        Parameters
      </h4>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby={`${operationAnchor(op)}-params`}>
        <table className="w-full text-left text-sm">
          <thead className="text-slate-400">
            <tr>
              <th className="py-1 pr-3 font-medium">Name</th>
              <th className="py-1 pr-3 font-medium">In</th>
              <th className="py-1 pr-3 font-medium">Type</th>
              <th className="py-1 font-medium">Description</th>
            </tr>
          </thead>
          <tbody>
            {op.parameters.map((p) => (
              <tr key={`${p.in}-${p.name}`} className="border-t border-slate-800 align-top">
                <td className="py-1 pr-3">
                  <code className="text-amber-300">{p.name}</code>
                  {p.required ? <span className="text-rose-300"> *</span> : null}
                </td>
                <td className="py-1 pr-3 text-slate-400">{p.in}</td>
                <td className="py-1 pr-3 break-words">
                  <SchemaType schema={p.schema} />
                </td>
                <td className="py-1 text-slate-300">
                  {p.description}
                  {Object.entries(p.examples ?? {}).map(([name, ex]) => (
                    <div key={name} className="mt-1">
                      <span className="text-slate-400">e.g. {name}: </span>
                      <code className="break-all">{String(ex.value) === "" ? "(no value)" : String(ex.value)}</code>
                    </div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function RequestBodyView({ op }: { op: Operation }): ReactNode {
  if (!op.requestBody) return null;
  return (
    <div className="space-y-2">
      <h4 className="font-semibold text-slate-200">Request body</h4>
      {op.requestBody.description ? <p className="text-sm text-slate-300">{op.requestBody.description}</p> : null}
      {Object.entries(op.requestBody.content).map(([type, media]) => (
        <div key={type} className="space-y-2">
          <p className="text-sm">
            <code className="text-slate-400">{type}</code> <SchemaType schema={media.schema} />
          </p>
          {Object.entries(media.examples ?? {}).map(([name, ex]) => (
            <ExampleBlock key={name} name={name} example={ex} label="request" />
          ))}
        </div>
      ))}
    </div>
  );
}

function Responses({ doc, op }: { doc: OpenApiDocument; op: Operation }): ReactNode {
  return (
    <div>
      <h4 className="mb-1 font-semibold text-slate-200">Responses</h4>
      <dl className="space-y-2 text-sm">
        {Object.entries(op.responses).map(([status, ref]) => {
          const r = resolveResponse(doc, ref);
          const success = status.startsWith("2");
          return (
            <div key={status} className="flex gap-3">
              <dt className={`w-12 shrink-0 font-mono font-semibold ${success ? "text-emerald-300" : "text-rose-300"}`}>
                {status}
              </dt>
              <dd className="min-w-0 flex-1 space-y-2 text-slate-300">
                <p>{r.description}</p>
                {r.headers ? (
                  <p className="text-xs text-slate-400">Headers: {Object.keys(r.headers).join(", ")}</p>
                ) : null}
                {success
                  ? Object.entries(r.content ?? {}).map(([type, media]) => (
                      <div key={type} className="space-y-2">
                        <p>
                          <code className="text-slate-400">{type}</code> <SchemaType schema={media.schema} />
                        </p>
                        {Object.entries(media.examples ?? {}).map(([name, ex]) => (
                          <ExampleBlock key={name} name={name} example={ex} label="response" />
                        ))}
                      </div>
                    ))
                  : null}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

export function OperationSection({
  doc,
  path,
  method,
  op,
}: {
  doc: OpenApiDocument;
  path: string;
  method: HttpMethod;
  op: Operation;
}): ReactNode {
  const signed = (op.security?.length ?? 0) > 0;
  return (
    <section
      id={operationAnchor(op)}
      aria-labelledby={`${operationAnchor(op)}-title`}
      className="scroll-mt-4 space-y-4 rounded-lg border border-slate-800 p-4"
    >
      <header className="space-y-1">
        <h3 id={`${operationAnchor(op)}-title`} className="flex flex-wrap items-center gap-2 text-lg">
          <span className={`rounded px-2 py-0.5 font-mono text-sm font-bold uppercase ${METHOD_STYLE[method]}`}>
            {method}
          </span>
          <code className="break-all text-slate-100">{path}</code>
        </h3>
        <p className="font-medium text-slate-200">
          {op.summary}{" "}
          <span
            className={`ml-1 rounded px-1.5 py-0.5 text-xs ${signed ? "bg-amber-900 text-amber-200" : "bg-slate-800 text-slate-300"}`}
          >
            {signed ? "signature required" : "no signature"}
          </span>
        </p>
        {op.description ? <p className="text-sm text-slate-300">{op.description}</p> : null}
      </header>
      <Parameters op={op} />
      <RequestBodyView op={op} />
      <Responses doc={doc} op={op} />
    </section>
  );
}
