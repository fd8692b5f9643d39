/** A v1 `last_updated` ("YYYY-MM-DD HH:MM:SS+0000", always UTC) as a <time>. */
export function LastUpdated({ value }: { value: string }) {
  const iso = `${value.slice(0, 10)}T${value.slice(11, 19)}Z`;
  return <time dateTime={iso}>{`${value.slice(0, 16)} UTC`}</time>;
}
