/**
 * The server's memory as the benchmark reports it: RSS from /proc, the server's own
 * report (SIGUSR2: V8 heap, Buffers, each cache's bytes; lib/server/memory-report.ts),
 * and with --heap-snapshot a V8 heap snapshot (the server runs with
 * --heapsnapshot-signal=SIGUSR2, so the same signal writes it) summarised by what holds
 * the bytes: self size per constructor, strings and code together.
 */
import { readdirSync, readFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import type { MemoryReport } from "@/lib/server/memory-report";
import { ROOT, type TestServer } from "../../test/support/test-server";

/** The memory report among the server's JSON log lines (step "memory"). */
function reportIn(logs: string): MemoryReport | undefined {
  for (const line of logs.split("\n")) {
    if (!line.includes('"step":"memory"')) continue;
    try {
      return (JSON.parse(line) as { memory: MemoryReport }).memory;
    } catch {
      // a line cut short: the next poll reads it whole
    }
  }
  return undefined;
}

export async function serverMemoryReport(
  server: TestServer,
  snapshotTo?: string,
): Promise<{ report: MemoryReport; snapshot?: string }> {
  const cwd = ROOT;
  const before = new Set(readdirSync(cwd));
  const from = server.logs().length;
  server.process.kill("SIGUSR2");
  const deadline = Date.now() + 120_000;
  let report: MemoryReport | undefined;
  let snapshot: string | undefined;
  while (Date.now() < deadline && (!report || (snapshotTo && !snapshot))) {
    await new Promise((r) => setTimeout(r, 200));
    report ??= reportIn(server.logs().slice(from));
    const written = readdirSync(cwd).find((f) => f.endsWith(".heapsnapshot") && !before.has(f));
    // V8 writes the file in place: wait until it has stopped growing.
    if (snapshotTo && written && report) {
      const size = () => readFileSync(join(cwd, written)).length;
      const a = size();
      await new Promise((r) => setTimeout(r, 1000));
      if (a > 0 && a === size()) {
        renameSync(join(cwd, written), snapshotTo);
        snapshot = snapshotTo;
      }
    }
  }
  if (!report) throw new Error("the server wrote no memory report after SIGUSR2");
  return { report, snapshot };
}

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** Self size by what the objects are (constructor name; strings, code, arrays as one each), largest first, in MB. */
export function summariseHeapSnapshot(file: string, top = 25): { what: string; count: number; mb: number }[] {
  const heap = JSON.parse(readFileSync(file, "utf8")) as HeapSnapshot;
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ["type", "name", "self_size"].map((f) => fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const groups = new Map<string, { count: number; bytes: number }>();
  for (let i = 0; i < heap.nodes.length; i += fields.length) {
    const type = types[heap.nodes[i + typeAt]!]!;
    const what =
      type === "object" || type === "native" ? `${heap.strings[heap.nodes[i + nameAt]!]} (${type})` : `(${type})`;
    const g = groups.get(what) ?? { count: 0, bytes: 0 };
    g.count++;
    g.bytes += heap.nodes[i + sizeAt]!;
    groups.set(what, g);
  }
  return [...groups]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, top)
    .map(([what, g]) => ({ what, count: g.count, mb: Math.round((g.bytes / 1048576) * 10) / 10 }));
}
