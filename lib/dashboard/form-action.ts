/**
 * The portal's form actions, one builder per role: the session (or none), zod on the
 * form's fields, the lib/ call, and errors turned into messages next to their fields. An
 * ApiError (the API's own error, from the same lib/ functions) lands on the field the
 * action names for it. Anything else (redirects included) propagates.
 *
 * Roles: "public" (anyone; the user id when signed in, else null), "signed-in" (a
 * session), "writer" (a session of an account that is not suspended: every change but an
 * appeal, refused before its input is read, as its signed writes are), "moderator" (a
 * moderator's session; anyone else gets the 404 of a page that does not exist).
 */
import type { z } from "zod";
import { answerApiError, type ApiError } from "@/lib/api/errors";
import { formObject, nulFields, requireConfirmed, zodErrors, type FormState } from "@/lib/dashboard/form-data";
import { currentUserId, requireModerator, requireUser, staleSessionSignature } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { suspendedSessionRefusal } from "@/lib/moderation/suspension";

export type { FormState };

export type ActionRole = "public" | "signed-in" | "writer" | "moderator";
/** Who runs an action of a role: a user id, or null for a visitor of a public one. */
export type ActionUser<R extends ActionRole> = R extends "public" ? string | null : string;

export interface ActionOptions {
  /** the action deletes or revokes, and runs only from the form's confirmation step */
  destroys?: boolean;
  /** it changes credentials, and runs only for a recent sign-in (lib/sign-in/fresh-signature.ts) */
  freshSignature?: boolean;
}

/** The session of a role, or the form's message when it may not act. */
async function actor<R extends ActionRole>(role: R): Promise<{ userId: ActionUser<R> } | { refused: string }> {
  if (role === "public") return { userId: (await currentUserId()) as ActionUser<R> };
  const userId = role === "moderator" ? await requireModerator() : await requireUser();
  if (role === "writer") {
    const refused = await suspendedSessionRefusal(db(), userId);
    if (refused) return { refused };
  }
  return { userId: userId as ActionUser<R> };
}

export function roleAction<R extends ActionRole, S extends z.ZodType>(
  role: R,
  schema: S,
  errorField: string | ((err: ApiError) => string),
  run: (userId: ActionUser<R>, input: z.output<S>) => Promise<FormState | void>,
  options: ActionOptions = {},
): (previous: FormState, form: FormData) => Promise<FormState> {
  return async (_previous, form) => {
    const who = await actor(role);
    if ("refused" in who) return { errors: { form: who.refused } };
    const { userId } = who;
    const stale = options.freshSignature ? await staleSessionSignature() : null;
    if (stale) return { errors: { form: stale } };
    const fields = formObject(form);
    const unconfirmed = options.destroys ? requireConfirmed(fields) : null;
    if (unconfirmed) return { errors: { form: unconfirmed } };
    const nul = nulFields(fields);
    if (nul) return { errors: nul };
    const parsed = schema.safeParse(fields);
    if (!parsed.success) return { errors: zodErrors(parsed.error) };
    return answerApiError(
      async () => (await run(userId, parsed.data)) ?? { ok: "Saved." },
      (err): FormState => ({
        errors: { [typeof errorField === "string" ? errorField : errorField(err)]: err.message },
      }),
    );
  };
}

/** A writer's form action: the dashboard's changes. */
export function formAction<S extends z.ZodType>(
  schema: S,
  errorField: string | ((err: ApiError) => string),
  run: (userId: string, input: z.output<S>) => Promise<FormState | void>,
  options: ActionOptions = {},
): (previous: FormState, form: FormData) => Promise<FormState> {
  return roleAction("writer", schema, errorField, run, options);
}

/** The field an ApiError's details name (`details.field`) when it is one of `fields`, else the form's. */
export function fieldOf(...fields: string[]): (err: ApiError) => string {
  return (err) => {
    const field = (err.details as { field?: unknown } | null)?.field;
    return typeof field === "string" && fields.includes(field) ? field : "form";
  };
}
