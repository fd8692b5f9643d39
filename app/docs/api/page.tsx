/**
 * /docs/api: the v1 API reference, rendered on the server from the same OpenAPI object
 * that /v1/openapi.json serves (lib/openapi), so the two cannot disagree.
 */
import type { Metadata } from "next";
import { config } from "@/lib/config";
import { openApiDocument } from "@/lib/openapi/document";
import { HTTP_METHODS, type HttpMethod, type Operation } from "@/lib/openapi/types";
import { ExampleBlock } from "./example-block";
import { OperationSection, operationAnchor } from "./operation-section";
import { Prose } from "./prose";
import { SchemasSection } from "./schemas-section";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "API reference",
  description: "The Beacon v1 API: endpoints, signatures, statuses and examples.",
};

export default function ApiReferencePage() {
  const doc = openApiDocument(config().BASE_URL);
  const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method): { path: string; method: HttpMethod; op: Operation }[] =>
      item[method] ? [{ path, method, op: item[method] }] : [],
    ),
  );
  return (
    <div className="space-y-10">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold">{doc.info.title}</h1>
        <p className="text-slate-300">
          Base URL <code className="text-amber-300">{doc.servers[0]?.url}</code>. Machine-readable:{" "}
          <a href="/v1/openapi.json" className="text-sky-300 underline hover:text-sky-200">
            OpenAPI 3.1 JSON
          </a>
          . Command line: <code className="text-amber-300">npx beacon-hub --help</code>.
        </p>
      </header>

      <nav aria-labelledby="contents" className="rounded-lg border border-slate-800 p-4">
        <h2 id="contents" className="mb-2 font-semibold">
          Endpoints
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {doc.tags.map((tag) => (
            <div key={tag.name}>
              <h3 className="text-sm font-semibold text-slate-200">
                <a href={`#tag-${tag.name}`} className="hover:underline">
                  {tag.name}
                </a>
              </h3>
              <ul className="space-y-0.5 text-sm">
                {ops
                  .filter(({ op }) => op.tags.includes(tag.name))
                  .map(({ path, method, op }) => (
                    <li key={op.operationId}>
                      <a href={`#${operationAnchor(op)}`} className="text-sky-300 hover:underline">
                        <span className="inline-block w-14 font-mono uppercase">{method}</span>
                        <code>{path}</code>
                      </a>
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </div>
      </nav>

      <section aria-labelledby="overview" className="space-y-3">
        <h2 id="overview" className="text-2xl font-bold">
          Overview
        </h2>
        <Prose text={doc.info.description} />
      </section>

      {doc.tags.map((tag) => (
        <section
          key={tag.name}
          id={`tag-${tag.name}`}
          aria-labelledby={`tag-${tag.name}-title`}
          className="scroll-mt-4 space-y-4"
        >
          <h2 id={`tag-${tag.name}-title`} className="text-2xl font-bold">
            {tag.name}
          </h2>
          <p className="text-slate-300">{tag.description}</p>
          {ops
            .filter(({ op }) => op.tags.includes(tag.name))
            .map((o) => (
              <OperationSection key={o.op.operationId} doc={doc} {...o} />
            ))}
        </section>
      ))}

      <section aria-labelledby="errors" className="space-y-4">
        <h2 id="errors" className="text-2xl font-bold">
          Errors
        </h2>
        <p className="text-slate-300">
          Every error is JSON <code className="text-amber-300">{'{"message": "...", "details": ...}'}</code>; details is
          any JSON value or null.
        </p>
        {Object.entries(doc.components.responses).map(([name, r]) => (
          <div key={name} className="space-y-2 rounded-lg border border-slate-800 p-4">
            <h3 className="font-semibold text-rose-300">{name}</h3>
            <p className="text-sm text-slate-300">{r.description}</p>
            {Object.entries(r.content?.["application/json"]?.examples ?? {}).map(([ex, example]) => (
              <ExampleBlock key={ex} name={ex} example={example} />
            ))}
          </div>
        ))}
      </section>

      <SchemasSection doc={doc} />
    </div>
  );
}
