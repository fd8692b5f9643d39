/**
 * The worker thread of lib/documents/diff/diff-off-thread.ts (compiled to
 * dist/diff-worker.js by scripts/bundle-server.mjs). It reads both contents, asks the main
 * thread for the facts of the items they name (the catalogue lives there), and answers the
 * diff. One job at a time: the main thread sends the next only after this one's answer.
 */
import { parentPort } from "node:worker_threads";
import type { ItemFacts, ItemRef } from "@/lib/catalogue/resolve-items";
import { diffContents, diffItems, limitLines, readDiffSide, type DiffSide } from "./document-diff";
import { contentBytes } from "@/lib/documents/revisions/stored-content";
import type { FromWorker, ToWorker } from "./diff-off-thread";

const port = parentPort!;
let reading: { a: DiffSide; b: DiffSide; items: ItemRef[]; maxLines: number } | null = null;
const itemKey = (item: ItemRef) => `${item.path}\n${item.class}`;

function answer(message: FromWorker) {
  port.postMessage(message);
}

port.on("message", (message: ToWorker) => {
  try {
    if (message.type === "read") {
      const a = readDiffSide(contentBytes(message.a));
      const b = readDiffSide(contentBytes(message.b));
      const { maxLines } = message;
      if (!a.loot && !b.loot) return answer({ type: "done", diff: limitLines(diffContents(a, b), maxLines) });
      const unique = new Map(diffItems(a, b).map((item) => [itemKey(item), { path: item.path, class: item.class }]));
      reading = { a, b, items: [...unique.values()], maxLines };
      return answer({ type: "items", items: reading.items });
    }
    const { a, b, items, maxLines } = reading!;
    reading = null;
    const facts = new Map<string, ItemFacts>();
    items.forEach((item, i) => {
      const known = message.facts[i];
      if (known) facts.set(itemKey(item), known);
    });
    answer({
      type: "done",
      diff: limitLines(
        diffContents(a, b, (item) => facts.get(itemKey(item))),
        maxLines,
      ),
    });
  } catch (err) {
    reading = null;
    answer({ type: "failed", message: (err as Error).message });
  }
});
