/**
 * Reads docs/API.md by its conventions: one "### METHOD /v1/<file>.php[/{ids}]" heading
 * per operation, followed by a "Statuses: 200, 404" line and a "Headers: `ETag`" line
 * (or "Headers: none"); one "Headers of every operation: ..." paragraph; an errors table of
 * "| 400 | ..." rows under "## Errors"; and each runnable example as a fenced block right
 * after an "<!-- example: <name> -->" line.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./test-server";

export const API_DOC_PATH = join(ROOT, "docs/API.md");

export function readApiDoc(): string {
  return readFileSync(API_DOC_PATH, "utf8");
}

export interface DocOperation {
  /** "GET /v1/engram.php/{ids}" */
  key: string;
  statuses: string[] | null;
  headers: string[] | null;
}

const METHODS = "GET|HEAD|POST|PUT|PATCH|DELETE";
const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** The operations of the doc, by heading, with what their Statuses and Headers lines say (null: line missing). */
export function docOperations(doc: string): DocOperation[] {
  const headings = [...doc.matchAll(new RegExp(`^### (${METHODS}) (\\S+)\\s*$`, "gm"))];
  return headings.map((h) => {
    const start = h.index + h[0].length;
    const next = doc.slice(start).search(/^#{1,3} /m);
    const section = next < 0 ? doc.slice(start) : doc.slice(start, start + next);
    const statuses = /^Statuses: (.*)$/m.exec(section)?.[1];
    const headers = /^Headers: (.*)$/m.exec(section)?.[1];
    return {
      key: `${h[1]} ${h[2]}`,
      statuses: statuses === undefined ? null : statuses.split(",").map((s) => s.trim()),
      headers: headers === undefined ? null : headers.trim() === "none" ? [] : backticked(headers),
    };
  });
}

/** The response headers every operation has, from the "Headers of every operation:" line. */
export function commonHeaders(doc: string): string[] {
  // The paragraph may wrap: up to the next blank line.
  const line = /Headers of every operation: ([\s\S]*?)\n\s*\n/.exec(doc)?.[1];
  if (line === undefined) throw new Error('docs/API.md has no "Headers of every operation:" line');
  return backticked(line);
}

/** Every "METHOD /v1/<file>.php..." the doc mentions anywhere, as "METHOD /v1/<file>.php" or "METHOD /v1/<file>.php/{}". */
export function mentionedEndpoints(doc: string): string[] {
  const found = new Set<string>();
  for (const m of doc.matchAll(new RegExp(`\\b(${METHODS}) (/v1/[a-z]+\\.php)(/[^\\s?\`]*)?`, "g"))) {
    found.add(`${m[1]} ${m[2]}${m[3] && m[3] !== "/" ? "/{}" : ""}`);
  }
  return [...found];
}

/** The statuses of the table under "## Errors". */
export function errorTableStatuses(doc: string): string[] {
  const start = doc.search(/^## Errors$/m);
  if (start < 0) throw new Error('docs/API.md has no "## Errors" section');
  const rest = doc.slice(start + 1);
  const end = rest.search(/^## /m);
  return [...(end < 0 ? rest : rest.slice(0, end)).matchAll(/^\| (\d{3}) \|/gm)].map((m) => m[1]!);
}

/** The fenced block after "<!-- example: name -->". */
export function docExample(doc: string, name: string): string {
  const m = new RegExp(`<!-- example: ${name} -->\\n\`\`\`[a-z]*\\n([\\s\\S]*?)\`\`\`\\n`).exec(doc);
  if (!m) throw new Error(`docs/API.md has no example "${name}"`);
  return m[1]!;
}
