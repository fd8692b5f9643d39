/** /v1/document.php (docs/CONTRACT.md#documents). Anyone may read; POST and DELETE are signed. */
import type { PathItem } from "@/lib/openapi/types";
import { EXAMPLE } from "@/lib/openapi/examples";
import { EMPTY_OK, SIGNED, idListBody, json, jsonOk, pathIds, query, schemaRef } from "@/lib/openapi/helpers";
import { errors } from "@/lib/openapi/responses";

export const exampleContent = {
  Description: "Better loot in every beacon.",
  Identifier: EXAMPLE.documentId,
  LootSources: [],
  Title: "Rich Beacons",
  Version: 5,
};
const metadata = {
  document_id: EXAMPLE.documentId,
  user_id: EXAMPLE.userId,
  name: "Rich Beacons",
  description: "Better loot in every beacon.",
  revision: 1,
  download_count: 12,
  last_updated: "2026-11-21 08:00:00+0000",
  resource_url: `${EXAMPLE.baseUrl}/v1/document.php/${EXAMPLE.documentId}`,
};
const metadataWithStats = { ...metadata, unique_downloads: 5, unique_downloads_7d: 2 };
const statsParameter = (values: Record<string, string>) =>
  query(
    "stats",
    "Extension: present (no value): each metadata object also carries unique_downloads and unique_downloads_7d (DocumentMetadata). A v1 client never sends it and never sees them.",
    { type: "string" },
    values,
    true,
  );
const metadataList = { type: "array", items: schemaRef("DocumentMetadata") };
const revisionExample = {
  revision: 1,
  created: "2026-11-21 08:00:00+0000",
  size: 84,
  sha256: "5f0c1a3e9b27d4c86a1e0f3b2d9c7a6e4b1f8d0c3a5e7b9d2f4a6c8e0b1d3f5a",
  summary: "First published",
  restored_from: null,
  resource_url: `${EXAMPLE.baseUrl}/v1/document.php/${EXAMPLE.documentId}?revision=1`,
};
const oneId = (name: string) => pathIds("document_ids", "One document id (UUID).", { [name]: EXAMPLE.documentId });

export const documentPaths: Record<string, PathItem> = {
  "/v1/document.php": {
    get: {
      operationId: "listDocuments",
      summary: "List documents",
      description:
        "No signature needed. Metadata, newest first by default; ties by document_id. Any other value of these parameters is 400.",
      tags: ["Documents"],
      parameters: [
        query("user_id", "Only this user's documents.", { type: "string", format: "uuid" }, { byUser: EXAMPLE.userId }),
        query(
          "sort",
          "Sort key. Extension: trending, unique downloads in the last 7 days (unique_downloads_7d), ties by document_id as for the others.",
          { type: "string", enum: ["last_updated", "download_count", "trending"], default: "last_updated" },
          { byUser: "download_count", trending: "trending" },
        ),
        query(
          "direction",
          "Sort direction.",
          { type: "string", enum: ["desc", "asc"], default: "desc" },
          { byUser: "desc" },
        ),
        query(
          "count",
          "Page size; at most 1000 (also the default).",
          { type: "integer", minimum: 0, maximum: 1000 },
          { newest: "10", byUser: "10" },
        ),
        query("offset", "Skip this many.", { type: "integer", minimum: 0, default: 0 }, { byUser: "0" }),
        statsParameter({ trending: "" }),
      ],
      responses: {
        "200": jsonOk("Document metadata.", metadataList, { page: [metadata], trending: [metadataWithStats] }),
        ...errors(),
      },
    },
    post: {
      operationId: "publishDocuments",
      summary: "Publish or update documents",
      description:
        "The content is stored byte for byte (an array's elements each as their own source text). Publishing an Identifier again updates it (revision +1); another user's Identifier is 403. All or none.",
      tags: ["Documents"],
      security: SIGNED,
      requestBody: { required: true, content: json(schemaRef("DocumentContents"), { one: exampleContent }) },
      responses: { "200": EMPTY_OK, ...errors("401", "403") },
    },
    delete: {
      operationId: "deleteDocumentsBulk",
      summary: "Delete documents (ids in a text/plain body)",
      description: "Any document of another user rejects the whole request with 403.",
      tags: ["Documents"],
      security: SIGNED,
      requestBody: idListBody("Comma-separated document ids.", { list: EXAMPLE.documentId }),
      responses: { "200": EMPTY_OK, ...errors("401", "403", "404") },
    },
  },
  "/v1/document.php/{document_ids}": {
    get: {
      operationId: "getDocuments",
      summary: "Download a document, or get metadata",
      description:
        'One id without simple: the content as published (application/octet-stream, Content-Disposition attachment; filename="<name>.beacon" plus filename*), counted as a download. With ?simple, or several ids: JSON metadata, not counted (several: an array of those found). Extension: with ?stats the metadata carries the unique download counts (one id with ?stats alone: its metadata, as with simple).',
      tags: ["Documents"],
      parameters: [
        pathIds("document_ids", "One document id, or several comma-separated.", {
          download: EXAMPLE.documentId,
          metadata: EXAMPLE.documentId,
          several: `${EXAMPLE.documentId},${EXAMPLE.otherDocumentId}`,
          revisions: EXAMPLE.documentId,
          oldRevision: EXAMPLE.documentId,
          diff: EXAMPLE.documentId,
          stats: EXAMPLE.documentId,
        }),
        query("simple", "Present (no value): metadata instead of content.", { type: "string" }, { metadata: "" }, true),
        statsParameter({ stats: "" }),
        query(
          "revisions",
          "Extension, one id: present (no value): the document's kept revisions, newest first (DocumentRevision), not counted.",
          { type: "string" },
          { revisions: "" },
          true,
        ),
        query(
          "revision",
          'Extension, one id: the content of this kept revision instead of the current one, as a download (counted); the file is named "<name> (revision <n>).beacon".',
          { type: "integer", minimum: 1 },
          { oldRevision: "1" },
        ),
        query(
          "diff",
          "Extension, one id: present (no value): what changed between two kept revisions (RevisionDiff), not counted.",
          { type: "string" },
          { diff: "" },
          true,
        ),
        query(
          "from",
          "With diff: the older revision (default: the kept revision before to).",
          { type: "integer", minimum: 1 },
          { diff: "1" },
        ),
        query("to", "With diff: the newer revision (default: the newest).", { type: "integer", minimum: 1 }),
      ],
      responses: {
        "200": {
          description: "The content (one id), or metadata (simple, several ids).",
          headers: {
            "Content-Disposition": {
              description: "attachment; filename=\"<name>.beacon\"; filename*=UTF-8''<name>.beacon (downloads only)",
              schema: { type: "string" },
            },
          },
          content: {
            "application/octet-stream": {
              schema: { type: "string", format: "binary" },
              examples: { content: { value: JSON.stringify(exampleContent) } },
            },
            "application/json": {
              schema: {
                oneOf: [
                  schemaRef("DocumentMetadata"),
                  metadataList,
                  { type: "array", items: schemaRef("DocumentRevision") },
                  schemaRef("RevisionDiff"),
                ],
              },
              examples: {
                metadata: { value: metadata },
                stats: { value: metadataWithStats },
                revisions: { value: [revisionExample] },
              },
            },
          },
        },
        ...errors("404"),
      },
    },
    head: {
      operationId: "documentExists",
      summary: "Is a document published?",
      description: "200 when published, 404 when not; no id, several ids or a non-UUID id: 405.",
      tags: ["Documents"],
      parameters: [oneId("one")],
      responses: {
        "200": { description: "Published." },
        "404": { description: "Not published." },
        "405": {
          description: "Not exactly one document UUID.",
          headers: { Allow: { description: "The methods the endpoint accepts.", schema: { type: "string" } } },
        },
      },
    },
    post: {
      operationId: "publishDocumentAt",
      summary: "Publish or update a document, id in the path",
      description:
        "As POST /v1/document.php; the id after document.php/ must be a body Identifier. Extension: with ?restore=<revision> (one id, body ignored) the author publishes that kept revision's content again as the newest revision; the reply is RestoredRevision; 403 for another user's document, 404 for an unknown document or revision.",
      tags: ["Documents"],
      security: SIGNED,
      parameters: [
        pathIds("document_ids", "One document id (UUID).", { one: EXAMPLE.documentId, restore: EXAMPLE.documentId }),
        query("restore", "Extension: the kept revision to restore.", { type: "integer", minimum: 1 }, { restore: "1" }),
      ],
      requestBody: { required: true, content: json(schemaRef("DocumentContents"), { one: exampleContent }) },
      responses: {
        "200": {
          description: "Done: 200 with an empty body; with ?restore, the new revision (JSON).",
          content: json(schemaRef("RestoredRevision"), {
            restore: { document_id: EXAMPLE.documentId, revision: 2, restored_from: 1 },
          }),
        },
        ...errors("401", "403", "404"),
      },
    },
    delete: {
      operationId: "deleteDocuments",
      summary: "Delete documents",
      description: "Any document of another user rejects the whole request with 403.",
      tags: ["Documents"],
      security: SIGNED,
      parameters: [pathIds("document_ids", "Comma-separated document ids.", { one: EXAMPLE.documentId })],
      responses: { "200": EMPTY_OK, ...errors("401", "403", "404") },
    },
  },
};
