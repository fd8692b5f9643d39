import { formatUtc, isoTime } from "@/lib/portal/format";

/** A v1 `last_updated` ("YYYY-MM-DD HH:MM:SS+0000", always UTC) as a <time>, in the portal's date format. */
export function LastUpdated({ value }: { value: string }) {
  return <time dateTime={isoTime(value)}>{formatUtc(value)}</time>;
}
