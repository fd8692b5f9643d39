/**
 * The OpenAPI descriptions are plain text with a little structure ("## " headings, "- "
 * bullets, "1. " steps, indented lines as code). Rendered as React text, never as HTML.
 */
import type { ReactNode } from "react";

type Block =
  | { kind: "h"; text: string }
  | { kind: "p"; text: string }
  | { kind: "ul" | "ol"; items: string[]; nested: boolean; start: number }
  | { kind: "code"; lines: string[] };

function blocks(text: string): Block[] {
  const out: Block[] = [];
  let steps = 0; // numbering continues across nested bullets
  for (const line of text.split("\n")) {
    const last = out[out.length - 1];
    const bullet = /^(\s*)- (.*)$/.exec(line);
    const step = /^\d+\. (.*)$/.exec(line);
    if (!/^(\s+- |\d+\. )/.test(line)) steps = 0;
    if (line.trim() === "") out.push({ kind: "p", text: "" });
    else if (line.startsWith("## ")) out.push({ kind: "h", text: line.slice(3) });
    else if (bullet || step) {
      const kind = bullet ? "ul" : "ol";
      const nested = bullet ? bullet[1]!.length > 0 : false;
      const text = bullet ? bullet[2]! : step![1]!;
      if (step) steps++;
      if (last && last.kind === kind && last.nested === nested) last.items.push(text);
      else out.push({ kind, items: [text], nested, start: steps });
    } else if (line.startsWith("  ")) {
      if (last?.kind === "code") last.lines.push(line.trim());
      else out.push({ kind: "code", lines: [line.trim()] });
    } else if (last?.kind === "p" && last.text !== "") last.text += ` ${line}`;
    else out.push({ kind: "p", text: line });
  }
  return out.filter((b) => b.kind !== "p" || b.text !== "");
}

export function Prose({ text }: { text: string }): ReactNode {
  return (
    <div className="space-y-3 text-slate-300">
      {blocks(text).map((b, i) => {
        if (b.kind === "h")
          return (
            <h3 key={i} className="pt-2 text-lg font-semibold text-slate-100">
              {b.text}
            </h3>
          );
        if (b.kind === "p") return <p key={i}>{b.text}</p>;
        if (b.kind === "code")
          return (
            <pre
              key={i}
              tabIndex={0}
              className="overflow-x-auto rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400 bg-slate-900 p-3 text-sm text-amber-200"
            >
              {b.lines.join("\n")}
            </pre>
          );
        const className = `${b.kind === "ul" ? "list-disc" : "list-decimal"} space-y-1 ${b.nested ? "pl-12" : "pl-6"}`;
        const items = b.items.map((it, j) => <li key={j}>{it}</li>);
        return b.kind === "ul" ? (
          <ul key={i} className={className}>
            {items}
          </ul>
        ) : (
          <ol key={i} start={b.start} className={className}>
            {items}
          </ol>
        );
      })}
    </div>
  );
}
