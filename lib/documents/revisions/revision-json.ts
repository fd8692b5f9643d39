/**
 * A kept revision as the API's extension returns it (GET /v1/document.php/<id>?revisions,
 * docs/API.md): its number, time, size, sha256, summary, the revision it restored, and
 * where its bytes are downloaded.
 */
import { documentResourceUrl, formatLastUpdated } from "../document-json";
import type { RevisionInfo } from "./revision-store";

export interface RevisionJson {
  revision: number;
  /** when it was published, in last_updated's form */
  created: string;
  size: number;
  sha256: string;
  summary: string;
  restored_from: number | null;
  resource_url: string;
}

export function revisionUrl(baseUrl: string, documentId: string, revision: number): string {
  return `${documentResourceUrl(baseUrl, documentId)}?revision=${revision}`;
}

export function revisionJson(info: RevisionInfo, documentId: string, baseUrl: string): RevisionJson {
  return {
    revision: info.revision,
    created: formatLastUpdated(info.createdAt),
    size: info.size,
    sha256: info.sha256,
    summary: info.summary,
    restored_from: info.restoredFrom,
    resource_url: revisionUrl(baseUrl, documentId, info.revision),
  };
}
