/**
 * A document's downloads as pages show them: every download, and about how many people
 * (unique downloads: one per client network per 10 minutes, lib/documents/unique-downloads.ts).
 * "About": a network is not a person, and one person coming back days later counts again.
 * Nothing is said of people while none is counted yet (downloads from before the server
 * counted them).
 */
import type { DocumentJson } from "@/lib/documents/document-json";
import { countOf, formatCount, plural } from "@/lib/portal/format";

export function peopleText(unique: number): string {
  return `by about ${countOf(unique, "person", "people")}`;
}

export function DownloadCounts({ doc, week = false }: { doc: DocumentJson; week?: boolean }) {
  const unique = doc.unique_downloads ?? 0;
  const lastWeek = doc.unique_downloads_7d ?? 0;
  return (
    <>
      <span data-testid="download-count">{formatCount(doc.download_count)}</span>{" "}
      {plural(doc.download_count, "download", "downloads")}
      {unique > 0 && <span data-testid="unique-downloads"> {peopleText(unique)}</span>}
      {week && lastWeek > 0 && (
        <span data-testid="trending-downloads">, {countOf(lastWeek, "person", "people")} in the last 7 days</span>
      )}
    </>
  );
}
