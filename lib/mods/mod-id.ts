/**
 * Steam workshop ids (docs/CONTRACT.md#mods): digits, or a JSON number on input; stored as
 * canonical decimal text. Capped at 2^53-1 so that engram output can carry `mod_id` as
 * an exact JSON number (docs/CONTRACT.md#engrams); real workshop ids are far below that.
 */
import { z } from "zod";
import { badRequest } from "@/lib/api/errors";

const DIGITS = /^[0-9]{1,16}$/;

/** The canonical form of a workshop id, or null when the value is not one. */
export function canonicalModId(value: unknown): string | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value > 0 ? String(value) : null;
  if (typeof value !== "string") return null;
  const s = value.trim();
  if (!DIGITS.test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) && n > 0 ? String(n) : null;
}

/** zod input for a required `mod_id`: a digit string or a positive integer. */
export const modIdInput = z
  .union([z.string(), z.number()], { error: "must be a workshop id (a string of digits)" })
  .transform((v, ctx) => {
    const id = canonicalModId(v);
    if (id === null) {
      ctx.addIssue({ code: "custom", message: "must be a workshop id: digits, at most 2^53-1" });
      return z.NEVER;
    }
    return id;
  });

/**
 * Path or body ids as workshop ids; 400 naming the bad ones. No count limit: a path is
 * bounded by the request line's size, a text/plain DELETE body by MAX_BODY_BYTES.
 */
export function requireModIds(ids: string[]): string[] {
  const bad = ids.filter((id) => canonicalModId(id) === null);
  if (bad.length > 0) throw badRequest("Mod ids must be Steam workshop ids (digits).", { invalid: bad.slice(0, 20) });
  return [...new Set(ids.map((id) => canonicalModId(id)!))];
}
