"use client";
/**
 * Windowing for a long table scrolled with the page: only the rows near the viewport
 * exist in the DOM (20,000 rows would take seconds to lay out), spacer rows keep the
 * scrollbar true. Rows have one fixed CSS height; it is measured, not assumed.
 */
import { useEffect, useRef, useState } from "react";

const OVERSCAN = 10;

export interface RowWindow {
  start: number;
  end: number;
  rowHeight: number;
}

export function useWindowedRows(count: number, estimate: number, initial: number) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [win, setWin] = useState<RowWindow>({ start: 0, end: Math.min(count, initial), rowHeight: estimate });

  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const body = bodyRef.current;
      if (!body) return;
      const row = body.querySelector<HTMLElement>("tr[data-row]");
      const rowHeight = row?.offsetHeight || estimate;
      const top = body.getBoundingClientRect().top;
      const start = Math.min(count, Math.max(0, Math.floor(-top / rowHeight) - OVERSCAN));
      const end = Math.min(count, Math.max(start, Math.ceil((window.innerHeight - top) / rowHeight) + OVERSCAN));
      setWin((w) => (w.start === start && w.end === end && w.rowHeight === rowHeight ? w : { start, end, rowHeight }));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, [count, estimate]);

  // Between a filter change and the next measurement the old window may exceed the list.
  const end = Math.min(win.end, count);
  return { bodyRef, start: Math.min(win.start, end), end, rowHeight: win.rowHeight };
}
