"use client";
/**
 * The editor's sticky bar: undo, redo, save, and what the save and the draft are doing.
 * While it is on the page the page's scroll padding is its height, so whatever the
 * browser scrolls to (an issue's link to its place, a focused field) lands below it,
 * not under it; it wraps to more lines on a phone, so the height is measured.
 */
import { useEffect, useRef } from "react";
import { primaryButton, secondaryButton } from "@/components/dashboard/styles";

/** Below the bar, a little air. */
const GAP_PX = 8;

interface Props {
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onSave: () => void;
  saving: boolean;
  mode: "create" | "update";
  status: string;
  error: string;
}

export function EditorToolbar(p: Props) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.scrollPaddingTop = `${Math.ceil(element.getBoundingClientRect().height) + GAP_PX}px`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingTop = "";
    };
  }, []);
  return (
    <div
      ref={bar}
      data-testid="loot-toolbar"
      className="sticky top-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-b border-slate-800 bg-slate-950/95 px-4 py-2"
    >
      <button
        type="button"
        className={secondaryButton}
        disabled={!p.canUndo}
        aria-keyshortcuts="Control+Z"
        onClick={p.onUndo}
      >
        Undo
      </button>
      <button
        type="button"
        className={secondaryButton}
        disabled={!p.canRedo}
        aria-keyshortcuts="Control+Shift+Z Control+Y"
        onClick={p.onRedo}
      >
        Redo
      </button>
      <button
        type="button"
        className={primaryButton}
        aria-keyshortcuts="Control+S"
        aria-describedby="loot-save-status"
        disabled={p.saving}
        onClick={p.onSave}
      >
        {p.mode === "create" ? "Save as new document" : "Save revision"}
      </button>
      <span id="loot-save-status" role="status" className="text-xs text-slate-400">
        {p.saving ? "Saving…" : p.status}
      </span>
      {p.error && (
        <p role="alert" className="w-full text-sm text-rose-300" data-testid="loot-save-error">
          {p.error}
        </p>
      )}
    </div>
  );
}
