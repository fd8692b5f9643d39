/** How the console names targets, reporters and where a target is shown. */
import type { Actor } from "@/lib/moderation/audit";
import type { TargetKind } from "@/lib/moderation/targets";

export const KIND_NAMES: Record<TargetKind, string> = { document: "Document", mod: "Mod", user: "Author" };

/** The console's page of one target. */
export const consoleHref = (kind: TargetKind, id: string) => `/dashboard/moderation/${kind}/${encodeURIComponent(id)}`;

/** Where everyone sees the target. */
export function publicHref(kind: TargetKind, id: string): string {
  if (kind === "document") return `/documents/${id}`;
  if (kind === "mod") return `/spawn/?mod_id=${encodeURIComponent(id)}`;
  return `/documents?author=${id}`;
}

/** Who did it, as a person reads it. */
export function whoLabel(kind: Actor["kind"] | "user", id: string | null, name: string | null): string {
  if (kind === "console") return "server console";
  if (kind === "anonymous" || id === null) return "anonymous visitor";
  return name ? `${name} (${id})` : `user ${id}`;
}
