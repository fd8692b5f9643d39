// A diff nobody asked for before is computed on a worker thread
// (lib/documents/diff/diff-off-thread.ts): four first diffs of crafted 1 MiB loot
// documents (9,000 changed entries each, ~0.4 s of work apiece) asked at once leave
// /healthz answering, and a repeated diff is the one kept. Four diffs on the event loop
// blocked /healthz for seconds. The figures are printed; the bounds asserted are the
// finding's (a median /healthz under 100 ms) and the worst single wait as a share of the
// slowest diff (the machine is shared with the other streams). With the worker file taken
// away (the diffs on the event loop) the same run gave a 1.3 s median and a worst of 0.53.
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { probeHealthz } from "../support/healthz-probe";
import type { Identity } from "@/lib/client/identity";
import type { RevisionDiffJson } from "@/lib/documents/revisions/revision-diff";
import { api, registeredUser } from "../support/api";

const MiB = 1024 * 1024;

/** A loot document of `entries` entries of distinct items, each weighing `weight(i)`. */
function crafted(id: string, entries: number, weight: (i: number) => number): string {
  return JSON.stringify({
    Identifier: id,
    Title: "Crafted",
    Version: 2,
    LootSources: [
      {
        SupplyCrateClassString: "SupplyCrate_Level03_C",
        ItemSets: [
          {
            Label: "Everything",
            ItemEntries: Array.from({ length: entries }, (_, i) => ({
              EntryWeight: weight(i),
              Items: [{ Class: `PrimalItem_Thing${i}_C`, Path: `/Game/Mods/Things/PrimalItem_Thing${i}` }],
              MinQuantity: i,
            })),
          },
        ],
      },
    ],
  });
}

async function publish(who: Identity, text: string): Promise<void> {
  const res = await api(who).request("POST", "/v1/document.php", { body: text, contentType: "application/json" });
  expect(res.status, res.text().slice(0, 300)).toBe(200);
}

describe("first diffs", () => {
  it("four first diffs of 1 MiB documents at once leave /healthz answering; the second ask is the kept one", async () => {
    const base = inject("serverUrl");
    const who = await registeredUser();
    const id = randomUUID();
    // Five revisions, each changing every entry's weight: four pairs, each diffed for the first time.
    for (let r = 0; r < 5; r++)
      await publish(
        who,
        crafted(id, 9000, (i) => 1 + r * (i + 1)),
      );
    const size = crafted(id, 9000, (i) => 5 * (i + 1)).length;
    expect(size).toBeGreaterThan(0.9 * MiB);

    const probe = probeHealthz(base);
    const ask = async (from: number) => {
      const started = performance.now();
      const res = await api().request("GET", `/v1/document.php/${id}?diff&from=${from}&to=${from + 1}`);
      expect(res.status, res.text().slice(0, 300)).toBe(200);
      return { diff: res.json<RevisionDiffJson>(), ms: performance.now() - started };
    };
    await probe.answered;
    const first = await Promise.all([1, 2, 3, 4].map(ask));
    const { sorted, median, worst } = await probe.stop();
    for (const { diff } of first) {
      expect(diff.format).toBe("loot");
      expect(diff.changes).toHaveLength(1000);
      expect(diff.note).toMatch(/changes has 9,00\d/);
    }
    const again = await ask(1);
    expect(again.diff).toEqual(first[0]!.diff);

    console.log(
      `four first diffs of ${(size / MiB).toFixed(2)} MiB: ${first.map((f) => Math.round(f.ms)).join(", ")} ms; again ${Math.round(again.ms)} ms; /healthz median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms over ${sorted.length} probes`,
    );
    expect(sorted.length).toBeGreaterThan(5);
    expect(median).toBeLessThan(100);
    // The worst wait against the diffs' own time, so a loaded machine slows both: on the
    // event loop the worst /healthz waited about as long as the slowest diff (2.2-2.9 s of
    // 2.5-3 s on a quiet machine); on the worker 0.13 of it here (0.7 s of 5.7 s) and in CI.
    expect(worst / Math.max(...first.map((f) => f.ms))).toBeLessThan(0.35);
    expect(again.ms).toBeLessThan(Math.max(...first.map((f) => f.ms)));
  }, 180_000);
});
