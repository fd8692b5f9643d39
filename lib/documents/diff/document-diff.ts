/**
 * The diff of two document contents: for two loot documents, the loot changes
 * (lib/documents/diff/loot-diff.ts), the key-level JSON diff of what the loot model does
 * not read, and the Game.ini lines that differ (one line per loot source, paired by
 * crate); for other JSON, the key-level diff of the whole content; otherwise only
 * whether the bytes differ. Items are named and judged blueprintable through the
 * catalogue when a resolver is given (the loot view's names), else by class.
 */
import { jsonDepth, MAX_JSON_DEPTH } from "@/lib/api/json-limits";
import { canBlueprintWith, type ItemFactsOf } from "@/lib/catalogue/resolve-items";
import { crateLines } from "@/lib/loot/game-ini";
import { readLootDocument, type LootDocument } from "@/lib/loot/loot-document";
import { MAX_PARSED_CONTENT_BYTES, parseContentBytes } from "../document-content";
import { jsonDiff, type JsonChange } from "./json-diff";
import { isSettingsPath, settingsDiff } from "./settings-diff";
import { diffLoot, type LootChange } from "./loot-diff";
import { oddsDiff, type OddsChange } from "./odds-diff";

export interface GameIniChange {
  /** the crate class the line overrides */
  crate: string;
  kind: "added" | "removed" | "changed";
  /** the line before, for removed and changed */
  from?: string;
  /** the line after, for added and changed */
  to?: string;
}

export interface DocumentDiff {
  /** "loot": both are loot documents; "json": both JSON; "bytes": compared as bytes only */
  format: "loot" | "json" | "bytes";
  /** the same bytes */
  identical: boolean;
  changes: LootChange[];
  json: JsonChange[];
  gameIni: GameIniChange[];
  /** items whose chance per crate moved, in the sources both loot documents have (./odds-diff) */
  odds: OddsChange[];
  /** why a diff is less detailed than it could be (too large, not JSON) */
  note: string | null;
  /** how long each list was before limitLines cut it; absent: the lists are whole */
  totals?: { changes: number; json: number; gameIni: number; odds: number };
}

/**
 * The diff with each list cut to its first `max` lines, `totals` saying how many there
 * were: what crosses from the diff's worker thread, so a diff of 9,000 changes is not
 * copied whole to the event loop to show 1,000.
 */
export function limitLines(diff: DocumentDiff, max: number): DocumentDiff {
  if (diff.totals || Math.max(diff.changes.length, diff.json.length, diff.gameIni.length, diff.odds.length) <= max)
    return diff;
  return {
    ...diff,
    changes: diff.changes.slice(0, max),
    json: diff.json.slice(0, max),
    gameIni: diff.gameIni.slice(0, max),
    odds: diff.odds.slice(0, max),
    totals: {
      changes: diff.changes.length,
      json: diff.json.length,
      gameIni: diff.gameIni.length,
      odds: diff.odds.length,
    },
  };
}

function parse(bytes: Uint8Array): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (bytes.length > MAX_PARSED_CONTENT_BYTES) return { ok: false, reason: "too large to compare in detail" };
  const parsed = parseContentBytes(bytes);
  if (parsed.state !== "parsed") return { ok: false, reason: "not JSON" };
  // The diff recurses; a content kept from before the API's depth limit could exhaust the stack.
  if (jsonDepth(parsed.value) > MAX_JSON_DEPTH) return { ok: false, reason: "too deeply nested to compare in detail" };
  return { ok: true, value: parsed.value };
}

function gameIniDiff(a: LootDocument, b: LootDocument, resolve?: ItemFactsOf): GameIniChange[] {
  const canBlueprint = resolve ? canBlueprintWith(resolve) : () => true;
  const before = crateLines(a, { difficulty: a.difficulty, canBlueprint });
  const after = crateLines(b, { difficulty: b.difficulty, canBlueprint });
  const waiting = new Map<string, string[]>();
  for (const l of after) waiting.set(l.crate, [...(waiting.get(l.crate) ?? []), l.line]);
  const out: GameIniChange[] = [];
  for (const l of before) {
    const line = waiting.get(l.crate)?.shift();
    if (line === undefined) out.push({ crate: l.crate, kind: "removed", from: l.line });
    else if (line !== l.line) out.push({ crate: l.crate, kind: "changed", from: l.line, to: line });
  }
  for (const [crate, lines] of waiting) for (const line of lines) out.push({ crate, kind: "added", to: line });
  return out;
}

/** A content read once for a diff: its bytes, its JSON (or why not) and its loot document (or null). */
export interface DiffSide {
  bytes: Uint8Array;
  parsed: { ok: true; value: unknown } | { ok: false; reason: string };
  loot: LootDocument | null;
}

export function readDiffSide(bytes: Uint8Array): DiffSide {
  const parsed = parse(bytes);
  return { bytes, parsed, loot: parsed.ok ? readLootDocument(parsed.value) : null };
}

/** Every item both sides name, for one catalogue lookup. */
export function diffItems(a: DiffSide, b: DiffSide) {
  return [a.loot, b.loot].flatMap(
    (d) => d?.sources.flatMap((s) => s.itemSets.flatMap((set) => set.entries.flatMap((e) => e.items))) ?? [],
  );
}

export const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(b);

export function diffContents(a: DiffSide, b: DiffSide, resolve?: ItemFactsOf): DocumentDiff {
  const identical = sameBytes(a.bytes, b.bytes);
  const empty = { identical, changes: [], json: [], gameIni: [], odds: [], note: null };
  if (identical) return { format: "bytes", ...empty };
  if (!a.parsed.ok || !b.parsed.ok) {
    const reason = !a.parsed.ok ? a.parsed.reason : (b.parsed as { reason: string }).reason;
    return { format: "bytes", ...empty, note: `The content is ${reason}: only its size and checksum are compared.` };
  }
  if (a.loot && b.loot) {
    const name = (item: { class: string; path: string }) =>
      resolve?.(item)?.label ?? (item.class || item.path || "(no item)");
    const loot = diffLoot(a.loot, b.loot, name);
    const odds = oddsDiff(a.loot, b.loot, name);
    return {
      format: "loot",
      ...empty,
      changes: loot.changes,
      json: [...loot.json.filter((c) => !isSettingsPath(c.path)), ...settingsDiff(a.parsed.value, b.parsed.value)],
      gameIni: gameIniDiff(a.loot, b.loot, resolve),
      odds: odds.changes,
      note: odds.note,
    };
  }
  const json = jsonDiff(a.parsed.value, b.parsed.value).filter((c) => !isSettingsPath(c.path));
  return { format: "json", ...empty, json: [...json, ...settingsDiff(a.parsed.value, b.parsed.value)] };
}
