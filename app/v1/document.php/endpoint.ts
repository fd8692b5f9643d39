/**
 * /v1/document.php (docs/CONTRACT.md#documents). Anyone may read; POST and DELETE
 * are signed and touch only the caller's documents.
 *
 * Extensions a v1 client never sends (docs/API.md, "Document revisions"): on one id,
 * `?revisions` lists its kept revisions, `?revision=N` downloads one, `?diff[&from=N][&to=M]`
 * tells what changed between two (lib/documents/revisions/revision-diff); a signed POST with
 * `?restore=N` restores one; `?check` lists the loot warnings of its content (docs/API.md,
 * "Document checks"). And (docs/API.md, "Unique downloads") `stats` adds the unique
 * download counts to metadata replies (on one id it asks for the metadata, like `simple`),
 * and the listing takes `sort=trending`. Without these parameters every reply is the
 * interface's.
 */
import { ApiError, badRequest, notFound } from "@/lib/api/errors";
import type { Endpoint } from "@/lib/api/endpoint";
import type { RequestContext } from "@/lib/api/request-context";
import { acceptsGzip } from "@/lib/api/response-encoding";
import { emptyResponse, jsonResponse, preparedJsonResponse, type ApiResponse } from "@/lib/api/types";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { readDb } from "@/lib/db/replicas";
import { contentDisposition } from "@/lib/documents/content-disposition";
import { checkDocument } from "@/lib/documents/check-document";
import { deleteDocuments } from "@/lib/documents/delete-documents";
import { readDocumentInputs } from "@/lib/documents/document-input";
import { downloadDocument } from "@/lib/documents/download-document";
import { documentExists, findDocuments } from "@/lib/documents/find-documents";
import { documentListBody } from "@/lib/documents/list-documents";
import { parseListQuery } from "@/lib/documents/list-query";
import { publishDocuments } from "@/lib/documents/publish-documents";
import { downloadRevision } from "@/lib/documents/revisions/download-revision";
import { diffRevisions } from "@/lib/documents/revisions/revision-diff";
import { restoreRevision } from "@/lib/documents/revisions/restore-revision";
import { revisionJson } from "@/lib/documents/revisions/revision-json";
import { listRevisions } from "@/lib/documents/revisions/revision-store";
import { naturalParameter } from "@/lib/api/query-params";
import { clientAddress } from "@/lib/rate-limit/api-limits";
import { isUuid, requireUuids } from "@/lib/uuid";
import { hiddenFrom, type HiddenAccess } from "@/lib/documents/visibility";
import { isModerator } from "@/lib/moderation/roles";

const ALLOW = "GET, HEAD, POST, DELETE, OPTIONS";

/** The downloader, as the rate limits see them: what the unique download counts count. */
const downloader = (ctx: RequestContext) => clientAddress(ctx.req, config().TRUST_PROXY);

/**
 * Who may see a hidden document through this request: a GET is never signed for the
 * interface, so a reader's signature is verified only when a hidden document is asked
 * for, and a bad or missing one is simply "not the author": 404 as for everyone.
 */
function hiddenAccess(ctx: RequestContext): HiddenAccess {
  return async (ownerId) => {
    const userId = await ctx.signer();
    return userId !== null && (userId === ownerId || (await isModerator(db(), { kind: "user", userId })));
  };
}

async function download(ctx: RequestContext, id: string): Promise<ApiResponse> {
  const document = await downloadDocument(db(), id, downloader(ctx), hiddenAccess(ctx));
  const headers = {
    "content-type": "application/octet-stream",
    "content-disposition": contentDisposition(document.name),
    vary: "Accept-Encoding",
  };
  // Stored gzip goes out as it is to clients that take gzip: no gunzip and re-gzip per download.
  // Each form's ETag is the hash of its bytes, as for every v1 reply, kept with the content.
  if (document.content.encoding === "gzip" && acceptsGzip(ctx.req.headers["accept-encoding"])) {
    return {
      status: 200,
      headers: { ...headers, "content-encoding": "gzip", etag: document.contentEtag() },
      body: document.content.body,
    };
  }
  return { status: 200, headers: { ...headers, etag: await document.originalEtag() }, body: await document.original() };
}

/** The extension parameters of a single-document request, in the order they are looked for. */
const GET_EXTENSIONS = ["revisions", "revision", "diff", "check"] as const;

const MAX_REVISION = 2 ** 31 - 1;

function oneDocument(ids: string[], parameter: string): string {
  if (ids.length !== 1) throw badRequest(`?${parameter} takes exactly one document id.`, { document_ids: ids });
  return ids[0]!;
}

async function getExtension(ctx: RequestContext, ids: string[], parameter: (typeof GET_EXTENSIONS)[number]) {
  const id = oneDocument(ids, parameter);
  const baseUrl = config().BASE_URL;
  if (await hiddenFrom(readDb(), id, hiddenAccess(ctx)))
    throw notFound("No document has this id.", { document_id: id });
  if (parameter === "revisions") {
    if (!(await documentExists(readDb(), id))) throw notFound("No document has this id.", { document_id: id });
    return jsonResponse((await listRevisions(readDb(), id)).map((r) => revisionJson(r, id, baseUrl)));
  }
  if (parameter === "check") {
    const checked = await checkDocument(readDb(), id);
    if (!checked) throw notFound("No document has this id.", { document_id: id });
    return jsonResponse(checked);
  }
  if (parameter === "diff") {
    const number = (name: string) => {
      const n = naturalParameter(ctx.query, name, 0, MAX_REVISION, 1);
      return n === 0 ? undefined : n;
    };
    return jsonResponse(
      await diffRevisions(readDb(), { documentId: id, from: number("from"), to: number("to"), baseUrl }),
    );
  }
  const revision = naturalParameter(ctx.query, "revision", 0, MAX_REVISION, 1);
  const { name, bytes } = await downloadRevision(db(), id, revision, downloader(ctx), hiddenAccess(ctx));
  return {
    status: 200,
    headers: { "content-type": "application/octet-stream", "content-disposition": contentDisposition(name) },
    body: bytes,
  };
}

export const documentEndpoint: Endpoint = {
  name: "document.php",
  methods: {
    GET: {
      auth: "none",
      async handle(ctx) {
        const baseUrl = config().BASE_URL;
        if (ctx.pathIds.length === 0)
          return preparedJsonResponse(await documentListBody(readDb(), { ...parseListQuery(ctx.query), baseUrl }));
        const ids = requireUuids(ctx.pathIds, "Document");
        const extension = GET_EXTENSIONS.find((p) => ctx.query.has(p));
        if (extension) return getExtension(ctx, ids, extension);
        const stats = ctx.query.has("stats");
        if (ids.length === 1 && !ctx.query.has("simple") && !stats) return download(ctx, ids[0]!);
        const found = await findDocuments(readDb(), { ids, baseUrl, stats, hiddenAccess: hiddenAccess(ctx) });
        if (found.length === 0)
          throw notFound(ids.length === 1 ? "No document has this id." : "No document has these ids.", {
            document_ids: ids,
          });
        return jsonResponse(ids.length === 1 ? found[0] : found);
      },
    },
    HEAD: {
      auth: "none",
      async handle(ctx) {
        const [id, ...more] = ctx.pathIds;
        if (id === undefined || more.length > 0 || !isUuid(id)) {
          throw new ApiError("method_not_allowed", "HEAD checks exactly one document id.", null, { allow: ALLOW });
        }
        if (!(await documentExists(readDb(), id.toLowerCase(), hiddenAccess(ctx))))
          throw notFound("No document has this id.", { document_id: id.toLowerCase() });
        return emptyResponse();
      },
    },
    POST: {
      auth: "required",
      token: "documents:write",
      async handle(ctx) {
        const caller = ctx.requireCaller();
        if (ctx.query.has("restore")) {
          const id = oneDocument(requireUuids(ctx.pathIds, "Document"), "restore");
          const revision = naturalParameter(ctx.query, "restore", 0, MAX_REVISION, 1);
          const restored = await restoreRevision(db(), {
            userId: caller.userId,
            documentId: id,
            revision,
            keepRevisions: config().DOCUMENT_REVISIONS_KEEP,
          });
          return jsonResponse({ document_id: id, revision: restored.revision, restored_from: revision });
        }
        // The content is kept byte for byte: only the fields read from it are refused for NUL (lib/documents/document-input.ts).
        const documents = readDocumentInputs(ctx.json({ nul: "keep" }), ctx.text(), ctx.req.body);
        const pathIds = requireUuids(ctx.pathIds, "Document");
        if (pathIds.some((id) => !documents.some((d) => d.id === id))) {
          throw badRequest("A document id in the URL differs from the body's Identifier.", {
            url_document_ids: pathIds,
          });
        }
        await publishDocuments(db(), {
          userId: caller.userId,
          documents,
          keepRevisions: config().DOCUMENT_REVISIONS_KEEP,
        });
        return emptyResponse();
      },
    },
    DELETE: {
      auth: "required",
      token: "documents:write",
      async handle(ctx) {
        const caller = ctx.requireCaller();
        const ids = requireUuids(ctx.idList(), "Document");
        if (ids.length === 0) throw badRequest("Name the documents to delete, in the path or in a text/plain body.");
        await deleteDocuments(db(), { userId: caller.userId, ids: [...new Set(ids)] });
        return emptyResponse();
      },
    },
  },
};
