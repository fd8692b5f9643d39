/** Dashboard form plumbing without Next.js: the state a form shows, and field parsing. */
import type { z } from "zod";

export interface FormState {
  /** success message, shown by the submit button */
  ok?: string;
  /** messages by field name ("form" for the form as a whole) */
  errors?: Record<string, string>;
  /** a value shown once beside the message, to copy (a new webhook secret) */
  reveal?: { label: string; value: string };
}

/** Form fields as an object; repeated names (checkbox groups) become arrays. */
export function formObject(form: FormData): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    if (key.startsWith("$ACTION")) continue;
    const values = form.getAll(key).filter((v): v is string => typeof v === "string");
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

/**
 * The fields holding a NUL character, each with the message shown beside it; null when
 * none does. PostgreSQL text cannot hold NUL, and no name, URL or id has a use for it.
 */
export function nulFields(fields: Record<string, string | string[]>): Record<string, string> | null {
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields))
    if ((Array.isArray(value) ? value : [value]).some((v) => v.includes("\u0000")))
      errors[key] = "Remove the invisible NUL character (U+0000) from this field.";
  return Object.keys(errors).length > 0 ? errors : null;
}

export function zodErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The field a form that destroys something sends only from its confirmation step
 * (components/dashboard/action-form.tsx, `confirm`): the action refuses without it, so
 * no single click, replayed request or older page can destroy anything unasked.
 */
export const CONFIRMED = { confirmed: "yes" } as const;
export function requireConfirmed(form: Record<string, unknown>): string | null {
  return form.confirmed === "yes" ? null : "Nothing was changed: confirm first (the button asks what will be lost).";
}
