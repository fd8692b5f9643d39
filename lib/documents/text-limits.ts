/**
 * How long a document's title and description may be where the portal takes them (the
 * loot editor, publishing a file from the browser), and how long any of them is shown in
 * a listing, card, feed or page title whatever the API took: the v1 POST keeps the
 * interface's behaviour (no limit but the body's size), so a 5,000-character title can
 * exist, and every place that shows one cuts it here. Lengths count characters as people
 * see them (code points), not UTF-16 units.
 */
import { formatCount } from "@/lib/portal/format";

export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 1000;
/** A description in a listing or card: a few lines on a phone. */
export const LISTED_DESCRIPTION_MAX = 240;

const length = (s: string) => Array.from(s).length;

/** `text` cut to `max` characters, the cut marked with an ellipsis (the ellipsis counts). */
export function shorten(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, max - 1)
    .join("")
    .trimEnd()}…`;
}

/** A title as listings show it: runs of spaces and line breaks as one space, cut to TITLE_MAX. */
export function shownTitle(title: string): string {
  return shorten(title.replace(/\s+/g, " ").trim(), TITLE_MAX);
}

/** Whether shownTitle cuts this title (so a page can offer the whole of it). */
export function titleIsCut(title: string): boolean {
  return length(title.replace(/\s+/g, " ").trim()) > TITLE_MAX;
}

/** A description as a listing or card shows it. */
export function shownDescription(description: string): string {
  return shorten(description.trim(), LISTED_DESCRIPTION_MAX);
}

/** Why the portal refuses this title, in the words shown under its field; null when it takes it. */
export function titleProblem(title: string): string | null {
  if (!title.trim()) return "Give the document a title.";
  const n = length(title);
  return n > TITLE_MAX
    ? `The title is ${formatCount(n)} characters; the limit is ${TITLE_MAX}. Shorten it: listings show at most that.`
    : null;
}

/** Why the portal refuses this description; null when it takes it. */
export function descriptionProblem(description: string): string | null {
  const n = length(description);
  return n > DESCRIPTION_MAX
    ? `The description is ${formatCount(n)} characters; the limit is ${formatCount(DESCRIPTION_MAX)}.`
    : null;
}
