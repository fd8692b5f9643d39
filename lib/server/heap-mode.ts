/**
 * HEAP_MODE: how V8 sizes the server's heap (docs/CONFIGURATION.md, docs/BENCHMARKS.md "Memory").
 *
 * By default V8 sizes the heap for speed: under load it lets it grow to several times
 * what is live and keeps it. Measured (docs/BENCHMARKS.md): 50-80 MB live after the
 * benchmark's cases, yet a 230-320 MB heap and 377-465 MB RSS, none of it given back
 * after 40 s idle. What holds the bytes is garbage between collections, not caches or
 * anything a request left behind. "compact" (the default) turns on V8's
 * --optimize-for-size, which makes collections reduce memory (compacting and returning
 * pages) and grow the heap less: 187-241 MB RSS after the same load, for 4-15 % more
 * CPU per v1 request and 30-70 % more per rendered page (CPU µs per request, A/B on one
 * machine). "fast" leaves V8's defaults. Set at start: npm start runs the server
 * in-process, and Node takes no V8 flags of this kind in NODE_OPTIONS.
 */
import v8 from "node:v8";

export type HeapMode = "compact" | "fast";

export function applyHeapMode(mode: HeapMode): void {
  if (mode === "compact") v8.setFlagsFromString("--optimize-for-size");
}
