import { readDiffSide, diffContents } from "@/lib/documents/diff/document-diff";
const MiB = 1048576;
const wrap = (sources: unknown[], extra: object = {}) => ({ Identifier: "x", Title: "T", Version: 2, LootSources: sources, ...extra });
const entry = (i: number, w: number, items = 1) => ({ EntryWeight: w, Items: Array.from({ length: items }, (_, k) => ({ Class: `PrimalItem_T${i}_${k}_C`, Path: `/Game/M/PrimalItem_T${i}_${k}` })), MinQuantity: i });
function fit(make: (n: number, v: number) => object): [Buffer, Buffer] {
  let n = 100;
  while (Buffer.byteLength(JSON.stringify(make(n * 2, 0))) < MiB) n *= 2;
  let lo = n, hi = n * 2;
  while (hi - lo > 1) { const mid = (lo + hi) >> 1; if (Buffer.byteLength(JSON.stringify(make(mid, 0))) < MiB) lo = mid; else hi = mid; }
  return [Buffer.from(JSON.stringify(make(lo, 0))), Buffer.from(JSON.stringify(make(lo, 1)))];
}
const shapes: Record<string, (n: number, v: number) => object> = {
  entries: (n, v) => wrap([{ SupplyCrateClassString: "C", ItemSets: [{ Label: "E", ItemEntries: Array.from({ length: n }, (_, i) => entry(i, 1 + v * i)) }] }]),
  entriesReversed: (n, v) => { const e = Array.from({ length: n }, (_, i) => entry(i, 1 + v)); if (v) e.reverse(); return wrap([{ SupplyCrateClassString: "C", ItemSets: [{ Label: "E", ItemEntries: e }] }]); },
  sameItemEntries: (n, v) => wrap([{ SupplyCrateClassString: "C", ItemSets: [{ Label: "E", ItemEntries: Array.from({ length: n }, (_, i) => ({ ...entry(0, 1 + v * (i % 3)), MinQuantity: i })) }] }]),
  manyItems: (n, v) => wrap([{ SupplyCrateClassString: "C", ItemSets: [{ Label: "E", ItemEntries: [entry(v, 1, n)] }] }]),
  sets: (n, v) => wrap([{ SupplyCrateClassString: "C", ItemSets: Array.from({ length: n }, (_, i) => ({ Label: `S${i}`, SetWeight: 1 + v, ItemEntries: [entry(i, 1)] })) }]),
  sameLabelSets: (n, v) => wrap([{ SupplyCrateClassString: "C", ItemSets: Array.from({ length: n }, (_, i) => ({ Label: `S`, SetWeight: 1 + v * i, ItemEntries: [entry(i % 5, 1)] })) }]),
  sources: (n, v) => wrap(Array.from({ length: n }, (_, i) => ({ SupplyCrateClassString: `C${i}`, MinItemSets: 1 + v, ItemSets: [{ Label: "E", ItemEntries: [entry(i, 1)] }] }))),
  sameCrateSources: (n, v) => wrap(Array.from({ length: n }, (_, i) => ({ SupplyCrateClassString: `C`, MinItemSets: 1 + v * i, ItemSets: [{ Label: "E", ItemEntries: [entry(i, 1)] }] }))),
  keys: (n, v) => wrap([], { Other: Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i + v])) }),
};
for (const [name, make] of Object.entries(shapes)) {
  const [a, b] = fit(make);
  const t0 = performance.now();
  const sa = readDiffSide(a), sb = readDiffSide(b);
  const t1 = performance.now();
  const d = diffContents(sa, sb);
  const t2 = performance.now();
  console.log(name.padEnd(18), (a.length / MiB).toFixed(2), "MiB parse", (t1 - t0).toFixed(0), "ms diff", (t2 - t1).toFixed(0), "ms; changes", d.changes.length, d.json.length, d.gameIni.length);
}
