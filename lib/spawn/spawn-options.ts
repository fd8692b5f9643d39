/**
 * The command options of a spawn page view, checked: quantity and quality are kept as
 * typed, and a value out of range or not a whole number gives a sentence for its field
 * instead of a number, so no command ever shows a number the reader did not ask for
 * (neither the bad one nor the last good one).
 * Pure: safe to import from client components.
 */
import type { CreatureOptions } from "./creature-command";
import type { CommandOptions } from "./spawn-command";
import type { SpawnView } from "./spawn-view";

export const MAX_QUANTITY = 100_000;
export const MAX_QUALITY = 1_000;
/** Wild creatures reach level 150 on official servers; 1,000 leaves room for modded ones and still catches a slip of the keyboard (an extra zero). */
export const MAX_LEVEL = 1_000;
/** spawndino's distance and offsets, either way: 100,000 game units are one kilometre. */
export const MAX_OFFSET = 100_000;

export type NumberCheck = { ok: true; value: number } | { ok: false; message: string };

const fmt = (n: number) => n.toLocaleString("en-US");

/** A whole number from min to max, or why not, in words about `name`. */
export function checkWholeNumber(text: string, name: string, min: number, max: number): NumberCheck {
  const range = `from ${fmt(min)} to ${fmt(max)}`;
  const t = text.trim();
  if (t === "") return { ok: false, message: `Enter a ${name} ${range}.` };
  if (!/^[+-]?\d+(\.\d+)?$/.test(t)) return { ok: false, message: `The ${name} must be a whole number ${range}.` };
  const n = Number(t);
  if (!Number.isInteger(n))
    return { ok: false, message: `The ${name} must be a whole number ${range}; ${t} is not whole.` };
  if (n < min) return { ok: false, message: `The ${name} must be ${range}; ${t} is too small.` };
  if (n > max) return { ok: false, message: `The ${name} must be ${range}; ${t} is too large.` };
  return { ok: true, value: n };
}

/** What is wrong with each number of a view, by field (only the ones of its tab are checked). */
export interface OptionErrors {
  player?: string;
  quantity?: string;
  quality?: string;
  level?: string;
  distance?: string;
  yOffset?: string;
  zOffset?: string;
}

export interface OptionsCheck {
  /** the command options, or null while a number is wrong */
  options: CommandOptions | null;
  errors: OptionErrors;
}

export interface CreatureOptionsCheck {
  options: CreatureOptions | null;
  errors: OptionErrors;
}

/**
 * The player id GiveItemToPlayer takes: the number the game shows for each player
 * (ShowMyAdminManager lists them), up to 20 digits, kept as typed without leading zeros.
 */
export function checkPlayerId(text: string): { ok: true; value: string } | { ok: false; message: string } {
  const t = text.trim();
  if (t === "") return { ok: false, message: "Enter the player's id: the number ShowMyAdminManager lists for them." };
  if (!/^\d{1,20}$/.test(t) || /^0+$/.test(t))
    return { ok: false, message: "The player id is a whole number of up to 20 digits, such as 123456789." };
  return { ok: true, value: t.replace(/^0+/, "") };
}

export function checkCommandOptions(
  view: Pick<SpawnView, "quantity" | "quality" | "kind" | "prefix" | "giveTo" | "player">,
): OptionsCheck {
  const quantity = checkWholeNumber(view.quantity, "quantity", 1, MAX_QUANTITY);
  const quality = checkWholeNumber(view.quality, "quality", 0, MAX_QUALITY);
  const player = view.giveTo === "player" ? checkPlayerId(view.player) : null;
  const errors = {
    ...(player && !player.ok ? { player: player.message } : {}),
    ...(quantity.ok ? {} : { quantity: quantity.message }),
    ...(quality.ok ? {} : { quality: quality.message }),
  };
  if (!quantity.ok || !quality.ok || (player && !player.ok)) return { options: null, errors };
  return {
    options: {
      prefix: view.prefix,
      kind: view.kind,
      quantity: quantity.value,
      quality: quality.value,
      ...(player?.ok ? { player: player.value } : {}),
    },
    errors,
  };
}

/** GMSummon's command has no position: distance and offsets are only checked for spawndino's (wild, or then tamed). */
export function checkCreatureOptions(
  view: Pick<SpawnView, "level" | "summon" | "distance" | "yOffset" | "zOffset" | "prefix">,
): CreatureOptionsCheck {
  const wild = view.summon !== "tamed";
  const checks = {
    level: checkWholeNumber(view.level, "level", 1, MAX_LEVEL),
    distance: wild ? checkWholeNumber(view.distance, "distance", -MAX_OFFSET, MAX_OFFSET) : null,
    yOffset: wild ? checkWholeNumber(view.yOffset, "Y offset", -MAX_OFFSET, MAX_OFFSET) : null,
    zOffset: wild ? checkWholeNumber(view.zOffset, "Z offset", -MAX_OFFSET, MAX_OFFSET) : null,
  };
  const errors: OptionErrors = {};
  for (const [field, check] of Object.entries(checks))
    if (check && !check.ok) errors[field as keyof OptionErrors] = check.message;
  if (Object.keys(errors).length > 0) return { options: null, errors };
  const value = (check: NumberCheck | null) => (check?.ok ? check.value : 0);
  return {
    options: {
      prefix: view.prefix,
      summon: view.summon,
      level: value(checks.level),
      distance: value(checks.distance),
      yOffset: value(checks.yOffset),
      zOffset: value(checks.zOffset),
    },
    errors,
  };
}
