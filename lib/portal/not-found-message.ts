/**
 * What a 404 page says, by the address that was asked for: a document, a mod's spawn
 * codes, a dashboard mod, or any other page. app/not-found.tsx uses it for every 404
 * rendered on the server (lib/server/error-page-recovery.ts passes the address), and the
 * document page's own not-found boundary (client-side navigation) uses the same words.
 */
export interface NotFoundMessage {
  title: string;
  text: string;
  /** the most useful way on from here; the page adds Home too */
  next: { href: string; label: string };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const PAGE: NotFoundMessage = {
  title: "This page does not exist",
  text: "The address may be mistyped, or what it pointed to was removed.",
  next: { href: "/documents", label: "Documents" },
};

export const DOCUMENT_NOT_FOUND: NotFoundMessage = {
  title: "Document not found",
  text: "No published document has this id. It may have been deleted by its author.",
  next: { href: "/documents", label: "Browse all documents" },
};

const MOD_NOT_REGISTERED: NotFoundMessage = {
  title: "This mod is not registered",
  text: "No confirmed mod with this workshop id is registered with Beacon Hub, so it has no spawn codes here. Its author can register and confirm it from the dashboard or through the v1 API.",
  next: { href: "/spawn/", label: "Browse all spawn codes" },
};

const OWN_MOD_NOT_FOUND: NotFoundMessage = {
  title: "Mod not found",
  text: "You have no confirmed mod with this workshop id. Register it and confirm its ownership first.",
  next: { href: "/dashboard", label: "My mods" },
};

/** An item or creature page whose class the catalogue does not hold: the way on is a search for it. */
export function spawnEntryNotFound(className: string): NotFoundMessage {
  return {
    title: "Not in the catalogue",
    text: `Neither the base game nor the mod in this address lists an item or creature with the class ${className}. It may have been renamed or removed, or belong to another mod.`,
    next: {
      href: `/spawn/?${new URLSearchParams({ q: className })}`,
      label: `Search the spawn codes for ${className}`,
    },
  };
}

/** `address` is the path and query as requested (null when unknown). */
export function notFoundMessage(address: string | null): NotFoundMessage {
  const path = (address ?? "").split("?")[0] ?? "";
  if (/^\/documents\/[^/]+\/?$/.test(path)) return DOCUMENT_NOT_FOUND;
  if (/^\/spawn\/?$/.test(path)) return MOD_NOT_REGISTERED;
  const entry = /^\/spawn\/[^/]+\/([^/]+)\/?$/.exec(path);
  if (entry) return spawnEntryNotFound(safeDecode(entry[1]!).slice(0, 300));
  if (/^\/dashboard\/mods\/[^/]+\/?$/.test(path)) return OWN_MOD_NOT_FOUND;
  return PAGE;
}
