"use client";
/**
 * Windowing for a long table scrolled with the page: only the rows near the viewport
 * exist in the DOM (20,000 rows would take seconds to lay out); spacer rows above and
 * below keep the scrollbar true. Rows wrap (whole names and commands, any width), so
 * each rendered row's height is measured and remembered by its key; rows not yet seen
 * count as the average of those measured. Positions are prefix sums over the list, so
 * finding the window for a scroll position is a binary search.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

/** extra pixels rendered above and below the viewport */
const OVERSCAN_PX = 800;

// useLayoutEffect warns when rendered on the server; the measurements only matter in the browser.
const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

export interface RowWindow {
  start: number;
  end: number;
}

/**
 * `keys`: the shown rows' keys in order; `estimate`: a row's height before any is
 * measured; `initial`: rows rendered before measuring (what the server rendered);
 * `layoutKey`: changes when row heights may all change (other rows, other options).
 */
export function useWindowedRows(keys: readonly number[], estimate: number, initial: number, layoutKey: string) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [heights] = useState(() => new RowHeights());
  // Bumped when a measurement changed the heights: the next render places rows by them.
  const [, setMeasured] = useState(0);
  const [win, setWin] = useState<RowWindow>({ start: 0, end: Math.min(keys.length, initial) });
  const width = useRef(0);

  // Other rows or options: every remembered height may be wrong (React's pattern for
  // resetting on a prop change: compare with the previous render's value).
  const [layout, setLayout] = useState(layoutKey);
  if (layout !== layoutKey) {
    setLayout(layoutKey);
    heights.forget();
  }
  const offsets = heights.offsets(keys, estimate);

  const place = useCallback(() => {
    const body = bodyRef.current;
    if (!body) return;
    const top = body.getBoundingClientRect().top;
    const from = -top - OVERSCAN_PX;
    const to = -top + window.innerHeight + OVERSCAN_PX;
    const start = Math.max(0, upperBound(offsets, from) - 1);
    const end = Math.min(keys.length, Math.max(start, lowerBound(offsets, to)));
    setWin((w) => (w.start === start && w.end === end ? w : { start, end }));
  }, [offsets, keys.length]);

  // After every render: measure the rows in the DOM; a change re-places the window.
  useBrowserLayoutEffect(() => {
    const body = bodyRef.current;
    if (body && heights.measure(body.querySelectorAll<HTMLElement>("tr[data-key]"))) setMeasured((m) => m + 1);
  });

  useBrowserLayoutEffect(place, [place]);

  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(() => ((frame = 0), place()));
    };
    const resize = () => {
      // Another width wraps rows differently; a height change alone (a phone's toolbar) does not.
      if (window.innerWidth !== width.current) {
        width.current = window.innerWidth;
        heights.forget();
        setMeasured((m) => m + 1);
      }
      schedule();
    };
    width.current = window.innerWidth;
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", resize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", resize);
    };
  }, [place, heights]);

  // Between a list change and the next placing the old window may exceed the list.
  const end = Math.min(win.end, keys.length);
  const start = Math.min(win.start, end);
  return { bodyRef, start, end, above: offsets[start]!, below: offsets[keys.length]! - offsets[end]! };
}

/**
 * The heights of the rows measured so far, by key, and the rows' positions from them:
 * offsets[p] = top of the row at position p, offsets[n] = the whole list's height, kept
 * until a height or the list changes.
 */
class RowHeights {
  private readonly heights = new Map<number, number>();
  private sum = 0;
  private count = 0;
  private kept: { keys: readonly number[]; estimate: number; offsets: Float64Array } | null = null;

  /** Records the heights of rendered rows (`data-key`); true when one changed. */
  measure(rows: Iterable<HTMLElement>): boolean {
    let changed = false;
    for (const row of rows) {
      const key = Number(row.dataset.key);
      const h = row.offsetHeight;
      const old = this.heights.get(key);
      if (old === h || h === 0) continue;
      this.sum += h - (old ?? 0);
      if (old === undefined) this.count++;
      this.heights.set(key, h);
      changed = true;
    }
    if (changed) this.kept = null;
    return changed;
  }

  forget(): void {
    this.heights.clear();
    this.sum = 0;
    this.count = 0;
    this.kept = null;
  }

  /** Rows not measured yet count as the average of those measured (`estimate` before any is). */
  offsets(keys: readonly number[], estimate: number): Float64Array {
    if (this.kept?.keys === keys && this.kept.estimate === estimate) return this.kept.offsets;
    const guess = this.count > 0 ? this.sum / this.count : estimate;
    const offsets = new Float64Array(keys.length + 1);
    for (let p = 0; p < keys.length; p++) offsets[p + 1] = offsets[p]! + (this.heights.get(keys[p]!) ?? guess);
    this.kept = { keys, estimate, offsets };
    return offsets;
  }
}

/** First index whose value is >= x. */
function lowerBound(a: Float64Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose value is > x. */
function upperBound(a: Float64Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
