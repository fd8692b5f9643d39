/**
 * The command options of a spawn page view, checked: quantity and quality are kept as
 * typed, and a value out of range or not a whole number gives a sentence for its field
 * instead of a number, so no command ever shows a number the reader did not ask for
 * (neither the bad one nor the last good one).
 * Pure: safe to import from client components.
 */
import type { CommandOptions } from "./spawn-command";
import type { SpawnView } from "./spawn-view";

export const MAX_QUANTITY = 100_000;
export const MAX_QUALITY = 1_000;

export type NumberCheck = { ok: true; value: number } | { ok: false; message: string };

const fmt = (n: number) => n.toLocaleString("en-US");

/** A whole number from min to max, or why not, in words about `name`. */
export function checkWholeNumber(text: string, name: string, min: number, max: number): NumberCheck {
  const range = `from ${fmt(min)} to ${fmt(max)}`;
  const t = text.trim();
  if (t === "") return { ok: false, message: `Enter a ${name} ${range}.` };
  if (!/^[+-]?\d+(\.\d+)?$/.test(t)) return { ok: false, message: `The ${name} must be a whole number ${range}.` };
  const n = Number(t);
  if (!Number.isInteger(n)) return { ok: false, message: `The ${name} must be a whole number ${range}; ${t} is not whole.` };
  if (n < min) return { ok: false, message: `The ${name} must be ${range}; ${t} is too small.` };
  if (n > max) return { ok: false, message: `The ${name} must be ${range}; ${t} is too large.` };
  return { ok: true, value: n };
}

export interface OptionsCheck {
  /** the command options, or null while a number is wrong */
  options: CommandOptions | null;
  errors: { quantity?: string; quality?: string };
}

export function checkCommandOptions(view: Pick<SpawnView, "quantity" | "quality" | "kind" | "prefix">): OptionsCheck {
  const quantity = checkWholeNumber(view.quantity, "quantity", 1, MAX_QUANTITY);
  const quality = checkWholeNumber(view.quality, "quality", 0, MAX_QUALITY);
  const errors = { ...(quantity.ok ? {} : { quantity: quantity.message }), ...(quality.ok ? {} : { quality: quality.message }) };
  if (!quantity.ok || !quality.ok) return { options: null, errors };
  return { options: { prefix: view.prefix, kind: view.kind, quantity: quantity.value, quality: quality.value }, errors };
}
