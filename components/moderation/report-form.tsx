"use client";
/**
 * The report form: a reason (radio buttons), the reporter's words, and the server
 * action through useActionState, so it also works before (or without) JavaScript. Once
 * sent, the form gives way to the thanks.
 */
import { useActionState } from "react";
import { errorId, FieldError } from "@/components/dashboard/field-error";
import { input, label as labelClass, primaryButton } from "@/components/dashboard/styles";
import type { FormState } from "@/lib/dashboard/form-data";

interface Props {
  action: (state: FormState, form: FormData) => Promise<FormState>;
  target: { kind: string; id: string };
  reasons: Record<string, string>;
  maxLength: number;
}

export function ReportForm({ action, target, reasons, maxLength }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  if (state.ok)
    return (
      <p role="status" className="rounded border border-emerald-800 bg-emerald-950/40 p-3 text-emerald-200">
        {state.ok}
      </p>
    );
  const errors = state.errors ?? {};
  return (
    <form action={formAction} className="space-y-4" noValidate>
      <input type="hidden" name="target_kind" value={target.kind} />
      <input type="hidden" name="target_id" value={target.id} />
      <fieldset className="space-y-2" aria-describedby={errorId("report-reason")}>
        <legend className={labelClass}>What is wrong?</legend>
        {Object.entries(reasons).map(([code, text]) => (
          <label key={code} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
            <input type="radio" name="reason" value={code} required className="size-4 accent-amber-400" />
            {text}
          </label>
        ))}
        <FieldError id={errorId("report-reason")} message={errors.reason} />
      </fieldset>
      <div className="space-y-1">
        <label htmlFor="report-text" className={labelClass}>
          Tell the moderators more (optional, but needed for “Other”)
        </label>
        <textarea
          id="report-text"
          name="text"
          rows={5}
          maxLength={maxLength}
          aria-describedby={errorId("report-text")}
          aria-invalid={errors.text ? true : undefined}
          className={input}
        />
        <FieldError id={errorId("report-text")} message={errors.text} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className={primaryButton} disabled={pending} aria-describedby={errorId("report-form")}>
          Send report
        </button>
        <span role="status" className="text-sm text-slate-300">
          {pending ? "Sending…" : ""}
        </span>
      </div>
      <FieldError id={errorId("report-form")} message={errors.form ?? errors.target_id} />
    </form>
  );
}
