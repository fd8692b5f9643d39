// docs/API.md and the OpenAPI document (lib/openapi, served at /v1/openapi.json) describe
// one interface: the same operations, each with the same statuses and response headers,
// checked both ways so that neither can gain or lose one alone.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { classOf, uidOf } from "@/lib/engrams/derive";
import { openApiDocument } from "@/lib/openapi/document";
import { HTTP_METHODS, resolveResponse } from "@/lib/openapi/types";
import { commonHeaders, docOperations, errorTableStatuses, mentionedEndpoints, readApiDoc } from "../support/api-doc";
import { ROOT } from "../support/test-server";

const doc = readApiDoc();
const openApi = openApiDocument("https://beacon.example.com");

interface ApiOperation {
  key: string;
  statuses: string[];
  headers: string[];
}

const apiOperations: ApiOperation[] = Object.entries(openApi.paths).flatMap(([path, item]) =>
  HTTP_METHODS.flatMap((method) => {
    const op = item[method];
    if (!op) return [];
    const headers = new Set(
      Object.values(op.responses).flatMap((r) => Object.keys(resolveResponse(openApi, r).headers ?? {})),
    );
    return [{ key: `${method.toUpperCase()} ${path}`, statuses: Object.keys(op.responses), headers: [...headers] }];
  }),
);

/** "x: in docs/API.md but not in the OpenAPI: a, b" for each side that has extra items. */
function differences(what: string, inDoc: string[], inApi: string[]): string[] {
  const lower = (list: string[]) => new Set(list.map((s) => s.toLowerCase()));
  const docSet = lower(inDoc);
  const apiSet = lower(inApi);
  const onlyDoc = inDoc.filter((s) => !apiSet.has(s.toLowerCase()));
  const onlyApi = inApi.filter((s) => !docSet.has(s.toLowerCase()));
  return [
    ...(onlyDoc.length ? [`${what}: in docs/API.md but not in the OpenAPI document: ${onlyDoc.join(", ")}`] : []),
    ...(onlyApi.length ? [`${what}: in the OpenAPI document but not in docs/API.md: ${onlyApi.join(", ")}`] : []),
  ];
}

describe("docs/API.md against the OpenAPI document", () => {
  const documented = docOperations(doc);

  it("has a heading for every operation of the OpenAPI document, and none for an operation it lacks", () => {
    expect(apiOperations.length).toBeGreaterThan(20);
    const keys = documented.map((o) => o.key);
    expect(
      keys.filter((k, i) => keys.indexOf(k) !== i),
      "operations with two headings",
    ).toEqual([]);
    expect(
      differences(
        "operations",
        keys,
        apiOperations.map((o) => o.key),
      ),
    ).toEqual([]);
  });

  it("names only endpoints the OpenAPI document has, wherever it mentions one", () => {
    const normalise = (key: string) => key.replace(/\/\{[a-z_]+\}$/, "/{}");
    const known = new Set(apiOperations.map((o) => normalise(o.key)));
    const mentioned = mentionedEndpoints(doc);
    expect(mentioned.length).toBeGreaterThan(20);
    expect(
      mentioned
        .filter((m) => !known.has(m))
        .map((m) => `docs/API.md mentions ${m}, which the OpenAPI document does not have`),
    ).toEqual([]);
  });

  it("lists exactly the statuses of each operation", () => {
    const problems = apiOperations.flatMap((api) => {
      const mine = documented.find((o) => o.key === api.key);
      if (!mine) return [];
      if (!mine.statuses) return [`${api.key}: no "Statuses:" line in docs/API.md`];
      return differences(`${api.key} statuses`, mine.statuses, api.statuses);
    });
    expect(problems).toEqual([]);
  });

  it("names exactly the response headers of each operation (its own plus those of every operation)", () => {
    const common = commonHeaders(doc);
    expect(common).toContain("RateLimit-Limit");
    const problems = apiOperations.flatMap((api) => {
      const mine = documented.find((o) => o.key === api.key);
      if (!mine) return [];
      if (!mine.headers) return [`${api.key}: no "Headers:" line in docs/API.md`];
      return differences(`${api.key} headers`, [...new Set([...mine.headers, ...common])], api.headers);
    });
    expect(problems).toEqual([]);
  });

  it("explains in its errors table every error status the OpenAPI document uses", () => {
    const errorStatuses = [...new Set(apiOperations.flatMap((o) => o.statuses.filter((s) => Number(s) >= 400)))];
    expect(errorStatuses).toEqual(expect.arrayContaining(["400", "401", "429", "503"]));
    expect(differences("error statuses", errorTableStatuses(doc), errorStatuses)).toEqual([]);
  });

  it("derives uid and class in its worked example as lib/engrams/derive.ts does", () => {
    const path = /^\s+`(\/Game\/[^`]+)`$/m.exec(doc)?.[1];
    expect(path).toBeDefined();
    expect(/has the uid `([0-9a-f]{32})`/.exec(doc)?.[1]).toBe(uidOf(path!));
    expect(doc).toContain(`\`${classOf(path!)}\` for the path above`);
  });

  it("is what the README points to, and nothing in the repository's docs points outside it", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    expect(readme).toContain("docs/API.md");
    for (const [name, text] of [
      ["README.md", readme],
      ["docs/API.md", doc],
      ["docs/BENCHMARKS.md", readFileSync(join(ROOT, "docs/BENCHMARKS.md"), "utf8")],
    ] as const) {
      expect(text.match(/\.\.\/shared\/\S*/g) ?? [], name).toEqual([]);
    }
  });
});
