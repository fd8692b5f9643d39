/** A named example: JSON pretty-printed, text as it is; always escaped by React. */
import type { ReactNode } from "react";
import type { Example } from "@/lib/openapi/types";

export function ExampleBlock({ name, example, label }: { name: string; example: Example; label?: string }): ReactNode {
  const text = typeof example.value === "string" ? example.value : JSON.stringify(example.value, null, 2);
  return (
    <figure className="space-y-1">
      <figcaption className="text-xs uppercase tracking-wide text-slate-400">
        {label ? `${label} · ` : ""}
        {example.summary ?? name}
      </figcaption>
      {/* Focusable, so a keyboard can scroll a long example (axe: scrollable-region-focusable). */}
      <pre
        tabIndex={0}
        className="max-h-96 overflow-auto rounded bg-slate-900 p-3 text-sm text-emerald-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
      >
        {text === "" ? "(empty)" : text}
      </pre>
    </figure>
  );
}
