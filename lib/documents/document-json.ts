/**
 * The document metadata structure of the v1 interface ("Document metadata"), built key
 * by key in the interface's order so a schema change never leaks to old clients.
 */
export interface DocumentJson {
  document_id: string;
  user_id: string;
  name: string;
  description: string;
  revision: number;
  download_count: number;
  last_updated: string;
  resource_url: string;
  /**
   * Extension (docs/API.md, "Unique downloads"), only when asked for (`stats`): downloads
   * by distinct client networks, one per network per 10 minutes, since the server
   * counted them
   */
  unique_downloads?: number;
  /** Extension, with `stats`: unique downloads in the last 7 days (the "trending" sort) */
  unique_downloads_7d?: number;
}

/** The columns a metadata reply needs; never the content (it lives in another table). */
export const documentMetadataSelect = {
  id: true,
  userId: true,
  name: true,
  description: true,
  revision: true,
  downloadCount: true,
  lastUpdated: true,
  uniqueDownloads: true,
  uniqueDownloads7d: true,
} as const;

export interface DocumentMetadataRow {
  id: string;
  userId: string;
  name: string;
  description: string;
  revision: number;
  downloadCount: number;
  lastUpdated: Date;
  uniqueDownloads: number;
  uniqueDownloads7d: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `YYYY-MM-DD HH:MM:SS+0000`, always UTC (docs/CONTRACT.md#documents). */
export function formatLastUpdated(date: Date): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}+0000`
  );
}

export function documentResourceUrl(baseUrl: string, documentId: string): string {
  return `${baseUrl}/v1/document.php/${documentId}`;
}

/**
 * The interface's metadata; with `stats`, the unique download counts after its keys
 * (a v1 client never asks for them, so it never sees them).
 */
export function documentJson(row: DocumentMetadataRow, baseUrl: string, stats = false): DocumentJson {
  const json: DocumentJson = {
    document_id: row.id,
    user_id: row.userId,
    name: row.name,
    description: row.description,
    revision: row.revision,
    download_count: row.downloadCount,
    last_updated: formatLastUpdated(row.lastUpdated),
    resource_url: documentResourceUrl(baseUrl, row.id),
  };
  if (stats) {
    json.unique_downloads = row.uniqueDownloads;
    json.unique_downloads_7d = row.uniqueDownloads7d;
  }
  return json;
}
