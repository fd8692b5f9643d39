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
} as const;

export interface DocumentMetadataRow {
  id: string;
  userId: string;
  name: string;
  description: string;
  revision: number;
  downloadCount: number;
  lastUpdated: Date;
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

export function documentJson(row: DocumentMetadataRow, baseUrl: string): DocumentJson {
  return {
    document_id: row.id,
    user_id: row.userId,
    name: row.name,
    description: row.description,
    revision: row.revision,
    download_count: row.downloadCount,
    last_updated: formatLastUpdated(row.lastUpdated),
    resource_url: documentResourceUrl(baseUrl, row.id),
  };
}
