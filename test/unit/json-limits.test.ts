// The limits a JSON body and a form meet before anything reaches the database
// (lib/api/json-limits.ts, lib/dashboard/form-data.ts), and the backstop that keeps a NUL
// PostgreSQL refuses a 400 rather than a 500 (lib/api/error-response.ts).
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { errorResponse } from "@/lib/api/error-response";
import { checkJsonBody, jsonDepth, MAX_JSON_DEPTH } from "@/lib/api/json-limits";
import { nulFields } from "@/lib/dashboard/form-data";
import { diffContents, readDiffSide } from "@/lib/documents/diff/document-diff";

const nested = (depth: number) => JSON.parse('{"a":'.repeat(depth) + "1" + "}".repeat(depth)) as unknown;
const refusal = (f: () => void) => {
  try {
    f();
  } catch (err) {
    return err instanceof ApiError ? [err.status, err.message] : err;
  }
  return null;
};

describe("JSON body limits", () => {
  it("measures depth without recursion, stopping past the limit", () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth({ a: [1, { b: [] }] })).toBe(4);
    expect(jsonDepth(nested(MAX_JSON_DEPTH))).toBe(MAX_JSON_DEPTH);
    expect(jsonDepth(nested(100_000 / 10))).toBe(MAX_JSON_DEPTH + 1);
  });

  it("refuses a body nested past the limit, NUL kept or not", () => {
    expect(refusal(() => checkJsonBody(nested(MAX_JSON_DEPTH), { nul: "refuse" }))).toBeNull();
    for (const nul of ["refuse", "keep"] as const)
      expect(refusal(() => checkJsonBody(nested(MAX_JSON_DEPTH + 1), { nul }))).toEqual([
        400,
        `The body is nested more than ${MAX_JSON_DEPTH} levels deep.`,
      ]);
  });

  it("names where a NUL is, in a value or a key, unless the endpoint keeps the text", () => {
    expect(refusal(() => checkJsonBody({ name: "a\u0000" }, { nul: "refuse" }))).toEqual([
      400,
      "name must not contain the NUL character (U+0000).",
    ]);
    expect(refusal(() => checkJsonBody({ hooks: [{ url: "x" }, { url: "\u0000" }] }, { nul: "refuse" }))).toEqual([
      400,
      "hooks[1].url must not contain the NUL character (U+0000).",
    ]);
    expect(refusal(() => checkJsonBody({ o: { "a\u0000": 1 } }, { nul: "refuse" }))).toEqual([
      400,
      'o["a\\u0000"] must not contain the NUL character (U+0000).',
    ]);
    expect(refusal(() => checkJsonBody("\u0000", { nul: "refuse" }))?.toString()).toContain("the body");
    expect(refusal(() => checkJsonBody({ name: "a\u0000" }, { nul: "keep" }))).toBeNull();
    // the six characters \u0000 are not a NUL
    expect(refusal(() => checkJsonBody(JSON.parse('{"name":"\\\\u0000"}'), { nul: "refuse" }))).toBeNull();
  });

  it("a diff of contents nested past the limit compares bytes instead of exhausting the stack", () => {
    const deep = (leaf: number) => Buffer.from('{"a":'.repeat(5000) + leaf + "}".repeat(5000));
    const d = diffContents(readDiffSide(deep(1)), readDiffSide(deep(2)));
    expect([d.format, d.note]).toEqual([
      "bytes",
      "The content is too deeply nested to compare in detail: only its size and checksum are compared.",
    ]);
  });
});

describe("a form's NUL characters", () => {
  it("each field holding one gets a message; none, no errors", () => {
    expect(nulFields({ name: "laptop", events: ["a", "b"] })).toBeNull();
    expect(nulFields({ name: "lap\u0000top", url: "https://x", events: ["a", "\u0000"] })).toEqual({
      name: "Remove the invisible NUL character (U+0000) from this field.",
      events: "Remove the invisible NUL character (U+0000) from this field.",
    });
  });
});

describe("the database's NUL refusal", () => {
  it("is a 400 saying so, whether the driver's code or only its message comes through", () => {
    const adapter = Object.assign(new Error("Invalid `prisma.key.create()` invocation"), {
      code: "P2010",
      meta: { driverAdapterError: { cause: { kind: "postgres", originalCode: "22021" } } },
    });
    const plain = new Error('invalid byte sequence for encoding "UTF8": 0x00');
    for (const err of [adapter, plain]) {
      const res = errorResponse(err);
      expect(res.status).toBe(400);
      expect(JSON.parse(String(res.body))).toEqual({
        message: "Text must not contain the NUL character (U+0000).",
        details: null,
      });
    }
    expect(errorResponse(new Error("something else")).status).toBe(500);
  });
});
