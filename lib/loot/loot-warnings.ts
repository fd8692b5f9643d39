/**
 * Crash-risk and sanity warnings for a loot document (docs/LOOT.md#warnings), computed from
 * its numbers, never timed: the most item rolls one crate can make, quantities past what the
 * game's item stacks hold, weights that make a part unreachable, quality ranges that cannot
 * give the tier their label names, and minimums above maximums. The editor, the document page,
 * `docs check` and the API's `?check` all show these same objects.
 */
import type { LootDocument, LootEntry } from "./loot-document";
import { oddsSourceOf } from "./odds/shape";
import { worstCaseItemRolls } from "./odds/worst-case";
import { QUALITY_TIERS, qualityName, type QualityTier } from "./quality";

/**
 * Item rolls per crate above which a crate is a crash risk (docs/LOOT.md#warnings): the most
 * any of the game's own supply crates can roll (the Legendary Horde crate: 10 entries of up to
 * 200 units). Only the six Extinction titan drops go past it in the game's data (10,800 to
 * 27,000 at their rarest), and those are known for stalling servers when they drop.
 */
export const MAX_SAFE_ITEM_ROLLS = 2000;
/** The game keeps item quantities in 16 bits. */
export const MAX_QUANTITY = 65_535;

export type LootWarningKind = "crash-risk" | "quantity" | "unreachable" | "quality-label" | "min-above-max";

export interface LootWarning {
  kind: LootWarningKind;
  /** "crash" may stop the server; "warning" makes loot differ from what the document seems to say */
  severity: "crash" | "warning";
  /** index of the source in LootSources, and of the set and entry when the warning is theirs */
  source: number;
  set?: number;
  entry?: number;
  /** in the admin's words */
  message: string;
}

const positive = (w: number) => Number.isFinite(w) && w > 0;

/** A tier a label promises: "Ascendant Weapons" Tier6, "Tier 4 saddles" Tier4. */
export function labelTier(label: string): QualityTier | undefined {
  const words = label.toLowerCase();
  const tier = /\btier\s*([1-9])\b/.exec(words);
  if (tier) return QUALITY_TIERS[Number(tier[1]) - 1];
  for (let t = 5; t >= 0; t--)
    if (words.includes(qualityName(QUALITY_TIERS[t]!).toLowerCase())) return QUALITY_TIERS[t];
  return undefined;
}

const tierIndex = (t: QualityTier) => QUALITY_TIERS.indexOf(t);

/** The best tier an entry gives with a chance above 0 (docs/LOOT.md#quality). */
function bestTier(entry: LootEntry): number {
  const lo = tierIndex(entry.minQuality);
  const hi = tierIndex(entry.maxQuality);
  // a range reaches its top tier only at its very top: a chance of 0
  return hi > lo ? hi - 1 : lo;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export function lootWarnings(doc: LootDocument): LootWarning[] {
  const out: LootWarning[] = [];
  doc.sources.forEach((source, s) => {
    const name = `"${source.label}"`;
    const rolls = worstCaseItemRolls(oddsSourceOf(source, doc.difficulty));
    if (rolls > MAX_SAFE_ITEM_ROLLS)
      out.push({
        kind: "crash-risk",
        severity: "crash",
        source: s,
        message: `${name} can roll up to ${plural(rolls, "item")} in one crate (sets × items × quantity, each unit a separate roll); above ${MAX_SAFE_ITEM_ROLLS.toLocaleString("en-US")} a server can stall or crash when the crate opens.`,
      });
    if (source.minItemSets > source.maxItemSets)
      out.push({
        kind: "min-above-max",
        severity: "warning",
        source: s,
        message: `${name}: minimum item sets (${source.minItemSets}) is above the maximum (${source.maxItemSets}).`,
      });
    if (source.itemSets.length > 0 && !source.itemSets.some((t) => positive(t.weight)))
      out.push({
        kind: "unreachable",
        severity: "warning",
        source: s,
        message: `${name}: every item set has weight 0, so the crate gives nothing.`,
      });
    source.itemSets.forEach((set, t) => {
      const setName = `${name}, set "${set.label}"`;
      if (!positive(set.weight) && source.itemSets.some((x) => positive(x.weight)))
        out.push({
          kind: "unreachable",
          severity: "warning",
          source: s,
          set: t,
          message: `${setName} has weight 0 and is never picked.`,
        });
      if (set.minItems > set.maxItems)
        out.push({
          kind: "min-above-max",
          severity: "warning",
          source: s,
          set: t,
          message: `${setName}: minimum items (${set.minItems}) is above the maximum (${set.maxItems}).`,
        });
      const promised = labelTier(set.label);
      const live = set.entries.filter((e) => positive(e.weight));
      if (promised && live.length > 0) {
        const best = Math.max(...live.map(bestTier));
        if (best < tierIndex(promised))
          out.push({
            kind: "quality-label",
            severity: "warning",
            source: s,
            set: t,
            message: `${setName} is labelled ${qualityName(promised)}, but its entries give at best ${qualityName(QUALITY_TIERS[best]!)} (a range reaches its top tier only at its very top).`,
          });
      }
      set.entries.forEach((entry, e) => {
        const entryName = `${setName}, entry ${e + 1}`;
        const at = { source: s, set: t, entry: e };
        if (!positive(entry.weight) && set.entries.some((x) => positive(x.weight)))
          out.push({
            kind: "unreachable",
            severity: "warning",
            ...at,
            message: `${entryName} has weight 0 and is never picked.`,
          });
        const zero = entry.items.filter((i) => !positive(i.weight));
        if (zero.length > 0 && zero.length < entry.items.length)
          out.push({
            kind: "unreachable",
            severity: "warning",
            ...at,
            message: `${entryName}: ${zero.map((i) => i.class || "an item").join(", ")} ${zero.length === 1 ? "has" : "have"} weight 0 and ${zero.length === 1 ? "is" : "are"} never given.`,
          });
        else if (entry.items.length > 0 && zero.length === entry.items.length)
          out.push({
            kind: "unreachable",
            severity: "warning",
            ...at,
            message: `${entryName}: every item has weight 0, so it gives nothing.`,
          });
        const most = Math.max(entry.minQuantity, entry.maxQuantity);
        if (most > MAX_QUANTITY)
          out.push({
            kind: "quantity",
            severity: "crash",
            ...at,
            message: `${entryName}: a quantity of ${most.toLocaleString("en-US")} is past ${MAX_QUANTITY.toLocaleString("en-US")}, the most the game's item quantity holds.`,
          });
        if (entry.minQuantity > entry.maxQuantity)
          out.push({
            kind: "min-above-max",
            severity: "warning",
            ...at,
            message: `${entryName}: minimum quantity (${entry.minQuantity}) is above the maximum (${entry.maxQuantity}).`,
          });
        if (tierIndex(entry.minQuality) > tierIndex(entry.maxQuality))
          out.push({
            kind: "min-above-max",
            severity: "warning",
            ...at,
            message: `${entryName}: minimum quality (${qualityName(entry.minQuality)}) is above the maximum (${qualityName(entry.maxQuality)}).`,
          });
      });
    });
  });
  return out;
}
