/**
 * The dashboard's form actions: the session, zod on the form's fields, the lib/ call,
 * and errors turned into messages next to their fields. An ApiError (the API's own
 * error, from the same lib/ functions) lands on the field the action names for it.
 * Anything else (redirects included) propagates. Every one of them changes something, so
 * a suspended account is refused before its input is read, as its signed writes are.
 */
import type { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { formObject, nulFields, requireConfirmed, zodErrors, type FormState } from "@/lib/dashboard/form-data";
import { requireUser, staleSessionSignature } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { suspendedSessionRefusal } from "@/lib/moderation/suspension";

export type { FormState };

export function formAction<S extends z.ZodType>(
  schema: S,
  errorField: string | ((err: ApiError) => string),
  run: (userId: string, input: z.output<S>) => Promise<FormState | void>,
  /**
   * `destroys`: the action deletes or revokes, and runs only from the form's confirmation step;
   * `freshSignature`: it changes credentials, and runs only for a recent sign-in (lib/sign-in/fresh-signature.ts)
   */
  options: { destroys?: boolean; freshSignature?: boolean } = {},
): (previous: FormState, form: FormData) => Promise<FormState> {
  return async (_previous, form) => {
    const userId = await requireUser();
    const refused = await suspendedSessionRefusal(db(), userId);
    if (refused) return { errors: { form: refused } };
    const stale = options.freshSignature ? await staleSessionSignature() : null;
    if (stale) return { errors: { form: stale } };
    const fields = formObject(form);
    const unconfirmed = options.destroys ? requireConfirmed(fields) : null;
    if (unconfirmed) return { errors: { form: unconfirmed } };
    const nul = nulFields(fields);
    if (nul) return { errors: nul };
    const parsed = schema.safeParse(fields);
    if (!parsed.success) return { errors: zodErrors(parsed.error) };
    try {
      return (await run(userId, parsed.data)) ?? { ok: "Saved." };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return { errors: { [typeof errorField === "string" ? errorField : errorField(err)]: err.message } };
    }
  };
}
