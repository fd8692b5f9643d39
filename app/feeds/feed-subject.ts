/** The feed routes' shared parts: the route adapter (lib/api/route-handler.ts) answers each feed's reply. */

/** "<id>.atom" -> "<id>"; null for any other file name. */
export function feedSubject(file: string): string | null {
  return file.endsWith(".atom") ? file.slice(0, -".atom".length) : null;
}
