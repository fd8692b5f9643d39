"use client";
/**
 * Move up, move down, duplicate and remove for one part (source, item set, entry). Each
 * button names its part for screen readers; after a move the same button of the moved
 * part keeps the focus, so a keyboard user can press it again; after a removal the
 * focus goes to the part that took its place (or the list's add button).
 */
import { secondaryButton } from "@/components/dashboard/styles";
import { duplicatePart, movePart, removePart } from "@/lib/loot/edit-document";
import { partId, useEditor } from "./editor-context";

// aria-disabled, not disabled: a button that gets disabled under the keyboard focus drops it.
const button = `${secondaryButton} px-2 py-1 text-xs aria-disabled:opacity-50`;

export function PartActions({ path, count, name }: { path: number[]; count: number; name: string }) {
  const api = useEditor();
  const index = path[path.length - 1]!;
  const move = (delta: number, which: string) => {
    if (index + delta < 0 || index + delta >= count) return;
    api.edit((doc) => movePart(doc, path, delta).doc);
    const to = Math.min(Math.max(0, index + delta), count - 1);
    api.focusLater(`${partId([...path.slice(0, -1), to])}-${which}`);
  };
  const pid = partId(path);
  return (
    <div className="flex flex-wrap gap-1">
      <button
        type="button"
        id={`${pid}-up`}
        className={button}
        aria-disabled={index === 0}
        aria-label={`Move ${name} up`}
        onClick={() => move(-1, "up")}
      >
        ↑
      </button>
      <button
        type="button"
        id={`${pid}-down`}
        className={button}
        aria-disabled={index === count - 1}
        aria-label={`Move ${name} down`}
        onClick={() => move(1, "down")}
      >
        ↓
      </button>
      <button
        type="button"
        id={`${pid}-duplicate`}
        className={button}
        aria-label={`Duplicate ${name}`}
        onClick={() => {
          api.edit((doc) => duplicatePart(doc, path));
          api.focusLater(`${partId([...path.slice(0, -1), index + 1])}-duplicate`);
        }}
      >
        Duplicate
      </button>
      <button
        type="button"
        id={`${pid}-remove`}
        className={`${button} text-rose-200`}
        aria-label={`Remove ${name}`}
        onClick={() => {
          api.edit((doc) => removePart(doc, path));
          // Focus what took its place, or the part before it.
          const next =
            count > 1 ? partId([...path.slice(0, -1), Math.min(index, count - 2)]) : partId(path.slice(0, -1));
          api.focusLater(count > 1 ? `${next}-remove` : `${next}-add`);
        }}
      >
        Remove
      </button>
    </div>
  );
}
