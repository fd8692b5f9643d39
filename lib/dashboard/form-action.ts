/**
 * The dashboard's form actions: the session, zod on the form's fields, the lib/ call,
 * and errors turned into messages next to their fields. An ApiError (the API's own
 * error, from the same lib/ functions) lands on the field the action names for it.
 * Anything else (redirects included) propagates.
 */
import type { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { requireUser } from "@/lib/dashboard/session";

export interface FormState {
  /** success message, shown by the submit button */
  ok?: string;
  /** messages by field name ("form" for the form as a whole) */
  errors?: Record<string, string>;
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

export function zodErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

export function formAction<S extends z.ZodType>(
  schema: S,
  errorField: string | ((err: ApiError) => string),
  run: (userId: string, input: z.output<S>) => Promise<FormState | void>,
): (previous: FormState, form: FormData) => Promise<FormState> {
  return async (_previous, form) => {
    const userId = await requireUser();
    const parsed = schema.safeParse(formObject(form));
    if (!parsed.success) return { errors: zodErrors(parsed.error) };
    try {
      return (await run(userId, parsed.data)) ?? { ok: "Saved." };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return { errors: { [typeof errorField === "string" ? errorField : errorField(err)]: err.message } };
    }
  };
}
