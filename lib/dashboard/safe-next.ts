/**
 * Where sign-in goes afterwards (`/sign-in?next=/documents/new`): a path of this site
 * only. Anything else (another origin, "//host", "/\host", control characters) is
 * ignored, so the parameter cannot send anyone elsewhere.
 */
import { hasControlCharacter } from "@/lib/text/control-characters";

export function safeNextPath(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 1000) return undefined;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\") || hasControlCharacter(value))
    return undefined;
  return value;
}
