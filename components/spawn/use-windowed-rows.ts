"use client";
/**
 * Windowing for a long table scrolled with the page: only the rows near the viewport
 * exist in the DOM (20,000 rows would take seconds to lay out); spacer rows above and
 * below keep the scrollbar true. Rows wrap (whole names and commands, any width), so
 * each rendered row's height is measured and remembered by its key; rows not yet seen
 * count as the average of those measured. Positions are prefix sums over the list, so
 * finding the window for a scroll position is a binary search.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";

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
  const heights = useRef(new Map<number, number>());
  const total = useRef({ sum: 0, count: 0 });
  const [measured, setMeasured] = useState(0);
  const [win, setWin] = useState<RowWindow>({ start: 0, end: Math.min(keys.length, initial) });
  const width = useRef(0);

  const forget = useCallback(() => {
    heights.current.clear();
    total.current = { sum: 0, count: 0 };
  }, []);
  // Other rows or options: every remembered height may be wrong (React's pattern for
  // resetting on a prop change: compare with the previous render's value).
  const [layout, setLayout] = useState(layoutKey);
  if (layout !== layoutKey) {
    setLayout(layoutKey);
    forget();
  }

  // offsets[p] = top of the row at position p; offsets[n] = the whole list's height.
  // `measured` and `layout` stand for the contents of `heights`.
  const offsets = useMemo(() => {
    const { sum, count } = total.current;
    const guess = count > 0 ? sum / count : estimate;
    const out = new Float64Array(keys.length + 1);
    for (let p = 0; p < keys.length; p++) out[p + 1] = out[p]! + (heights.current.get(keys[p]!) ?? guess);
    return out;
  }, [keys, estimate, measured, layout]);

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
    if (!body) return;
    let changed = false;
    for (const row of body.querySelectorAll<HTMLElement>("tr[data-key]")) {
      const key = Number(row.dataset.key);
      const h = row.offsetHeight;
      const old = heights.current.get(key);
      if (old === h || h === 0) continue;
      total.current.sum += h - (old ?? 0);
      if (old === undefined) total.current.count++;
      heights.current.set(key, h);
      changed = true;
    }
    if (changed) setMeasured((m) => m + 1);
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
        forget();
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
  }, [place, forget]);

  // Between a list change and the next placing the old window may exceed the list.
  const end = Math.min(win.end, keys.length);
  const start = Math.min(win.start, end);
  return { bodyRef, start, end, above: offsets[start]!, below: offsets[keys.length]! - offsets[end]! };
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
