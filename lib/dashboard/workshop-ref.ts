/**
 * What an owner types to name a mod: a workshop id, or a workshop URL
 * (https://steamcommunity.com/sharedfiles/filedetails/?id=<id>, any Steam host).
 */
import { canonicalModId } from "@/lib/mods/mod-id";

export function workshopIdFrom(text: string): string | null {
  const s = text.trim();
  if (/^https?:\/\//i.test(s)) {
    try {
      const url = new URL(s);
      if (!/(^|\.)steamcommunity\.com$/i.test(url.hostname)) return null;
      return canonicalModId(url.searchParams.get("id") ?? "");
    } catch {
      return null;
    }
  }
  return canonicalModId(s);
}
