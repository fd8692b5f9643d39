/**
 * What each one-click destroyer asks before it acts (components/dashboard/action-form,
 * `confirm`; the revision restore's own step): what will be lost, by name and by count,
 * so "Delete" is never pressed on the wrong row or without knowing what goes with it.
 */
import { shownTitle } from "@/lib/documents/text-limits";
import { countOf, formatUtc } from "@/lib/portal/format";

export interface ConfirmQuestion {
  question: string;
  detail?: string;
  yes: string;
}

export function deleteDocumentQuestion(doc: { name: string; revisions: number; downloads: number }): ConfirmQuestion {
  return {
    question: `Delete “${shownTitle(doc.name)}” and its ${countOf(doc.revisions, "revision", "revisions")}?`,
    detail: `Its address and its download link stop working (${countOf(doc.downloads, "download", "downloads")} so far). This cannot be undone.`,
    yes: "Yes, delete it",
  };
}

export function removeModQuestion(mod: {
  name: string;
  confirmed: boolean;
  engrams: number;
  creatures: number;
}): ConfirmQuestion {
  if (!mod.confirmed)
    return {
      question: `Remove your registration of “${mod.name}”?`,
      detail: "Its confirmation code stops working; you can register the mod again.",
      yes: "Yes, remove it",
    };
  return {
    question: `Remove “${mod.name}” with its ${countOf(mod.engrams, "engram", "engrams")} and ${countOf(mod.creatures, "creature", "creatures")}?`,
    detail: "Players no longer find their spawn codes here or in Beacon. This cannot be undone.",
    yes: "Yes, remove the mod",
  };
}

export function revokeKeyQuestion(key: { name: string; lastUsed: string | null }): ConfirmQuestion {
  return {
    question: `Revoke the key “${key.name}”?`,
    detail: `It was last used ${key.lastUsed ? formatUtc(key.lastUsed) : "never"}. Whatever signs with it (a browser signed in with it, the CLI, Beacon) stops working, and it can never be added again.`,
    yes: "Yes, revoke it",
  };
}

export function revokeTokenQuestion(token: {
  name: string;
  scopes: string[];
  lastUsed: string | null;
}): ConfirmQuestion {
  return {
    question: `Revoke the token “${token.name}”?`,
    detail: `Tools using it get 401 at once (it allows ${token.scopes.join(", ")}; last used ${token.lastUsed ? formatUtc(token.lastUsed) : "never"}). This cannot be undone: make a new token instead.`,
    yes: "Yes, revoke it",
  };
}

/**
 * Restoring loses nothing of the document's content (the restore is a new revision), but
 * with a limit on kept revisions the oldest kept one goes: that is said by number.
 */
export function restoreRevisionQuestion(o: { revision: number; current: number; kept: number[]; keep: number }): {
  question: string;
  detail: string;
} {
  const dropped = o.keep > 0 && o.kept.length >= o.keep ? Math.min(...o.kept) : null;
  return {
    question: `Restore revision ${o.revision}?`,
    detail:
      `Revision ${o.current + 1} is made with revision ${o.revision}'s content; revision ${o.current} stays among the revisions.` +
      (dropped === null
        ? ""
        : ` This server keeps ${countOf(o.keep, "revision", "revisions")} of a document: revision ${dropped}, the oldest, will no longer be kept.`),
  };
}
