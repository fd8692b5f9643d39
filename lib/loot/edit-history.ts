/**
 * Undo and redo for the editor: the states before and after the present one. Typing in
 * a field makes one change per keystroke; changes that carry the same `group` one after
 * the other (the same field of the same part) make one undo step, so Ctrl+Z takes back
 * the word, not the last letter. At most LIMIT steps are kept.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** the group of the last change, while further changes may join it */
  group: string | null;
}

export const HISTORY_LIMIT = 200;

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], group: null };
}

/** `next` as the present state; a change in the same group as the last one joins its step. */
export function record<T>(h: History<T>, next: T, group?: string): History<T> {
  if (Object.is(next, h.present)) return h;
  if (group !== undefined && group === h.group) return { ...h, present: next, future: [] };
  const past = [...h.past, h.present];
  if (past.length > HISTORY_LIMIT) past.splice(0, past.length - HISTORY_LIMIT);
  return { past, present: next, future: [], group: group ?? null };
}

export function undo<T>(h: History<T>): History<T> {
  if (h.past.length === 0) return h;
  return {
    past: h.past.slice(0, -1),
    present: h.past[h.past.length - 1]!,
    future: [h.present, ...h.future],
    group: null,
  };
}

export function redo<T>(h: History<T>): History<T> {
  if (h.future.length === 0) return h;
  return { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1), group: null };
}

/** Ends the current group: the next change is a step of its own (a field lost focus). */
export function closeGroup<T>(h: History<T>): History<T> {
  return h.group === null ? h : { ...h, group: null };
}
