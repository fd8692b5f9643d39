/**
 * What changed in a document's server settings between two contents
 * (docs/SERVER-CONFIG.md, "Settings in a document"), in the words of an ini file:
 * "MatingIntervalMultiplier: 1.0 → 0.25" rather than an array index of HubConfigSettings.
 * A key is its file, section and key (case ignored, as the game reads them); a repeatable
 * key's lines compare as one list. The raw JSON diff leaves the two keys to this one.
 */
import { GAME_KEY, readDocumentConfig, SETTINGS_KEY } from "@/lib/server-config/config-document";
import type { ConfigSetting } from "@/lib/server-config/import-ini";
import type { JsonChange } from "./json-diff";

const MAX_VALUE_CHARS = 120;
const short = (v: string) => (v.length <= MAX_VALUE_CHARS ? v : `${v.slice(0, MAX_VALUE_CHARS - 1)}…`);

function byKey(settings: readonly ConfigSetting[]): Map<string, { s: ConfigSetting; values: string[] }> {
  const out = new Map<string, { s: ConfigSetting; values: string[] }>();
  for (const s of settings) {
    const id = `${s.file}|${s.section.toLowerCase()}|${s.key.replace(/\s+/g, "").toLowerCase()}`;
    const found = out.get(id);
    if (found) found.values.push(s.value);
    else out.set(id, { s, values: [s.value] });
  }
  return out;
}

/** Whether a raw JSON change is of the settings' own keys (which settingsDiff speaks for). */
export function isSettingsPath(path: string): boolean {
  return (
    path === GAME_KEY ||
    path === SETTINGS_KEY ||
    path.startsWith(`${SETTINGS_KEY}[`) ||
    path.startsWith(`${SETTINGS_KEY}.`)
  );
}

export function settingsDiff(a: unknown, b: unknown): JsonChange[] {
  const [ca, cb] = [readDocumentConfig(a), readDocumentConfig(b)];
  const changes: JsonChange[] = [];
  if (ca.game !== cb.game) {
    const [from, to] = [ca.game.toUpperCase(), cb.game.toUpperCase()];
    changes.push({ path: GAME_KEY, kind: "changed", from, to, text: `Game: ${from} → ${to}` });
  }
  const [ka, kb] = [byKey(ca.settings), byKey(cb.settings)];
  for (const [id, { s, values }] of kb) {
    const path = `${s.file} [${s.section}] ${s.key}`;
    const to = short(values.join(" | "));
    const before = ka.get(id);
    if (!before) changes.push({ path, kind: "added", to, text: `${s.key} set to ${to} (${s.file})` });
    else if (before.values.join("\n") !== values.join("\n")) {
      const from = short(before.values.join(" | "));
      changes.push({ path, kind: "changed", from, to, text: `${s.key}: ${from} → ${to}` });
    }
  }
  for (const [id, { s, values }] of ka)
    if (!kb.has(id)) {
      const from = short(values.join(" | "));
      changes.push({
        path: `${s.file} [${s.section}] ${s.key}`,
        kind: "removed",
        from,
        text: `${s.key} removed: back to the game's default (was ${from})`,
      });
    }
  return changes;
}
