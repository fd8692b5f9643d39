/** Next.js hands dynamic segments over still percent-encoded: decoded, or as given when malformed. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
