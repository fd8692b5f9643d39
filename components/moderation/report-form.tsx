"use client";
/**
 * The report form: a reason (radio buttons), the reporter's words, and the server
 * action through useActionState, so it also works before (or without) JavaScript. Once
 * sent, the form gives way to the thanks.
 */
import { useActionState, useState } from "react";
import { errorId, FieldError } from "@/components/dashboard/field-error";
import { input, label as labelClass, primaryButton } from "@/components/dashboard/styles";
import type { FormState } from "@/lib/dashboard/form-data";
import { formatCount } from "@/lib/portal/format";

interface Props {
  action: (state: FormState, form: FormData) => Promise<FormState>;
  target: { kind: string; id: string };
  reasons: Record<string, string>;
  maxLength: number;
}

export function ReportForm({ action, target, reasons, maxLength }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  const [length, setLength] = useState(0);
  // The box holds at most maxLength characters: a longer paste is cut by the browser, silently, so say so.
  const [cut, setCut] = useState<number | null>(null);
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
          onChange={(e) => setLength(e.currentTarget.value.length)}
          onPaste={(e) => {
            const box = e.currentTarget;
            const kept = box.value.length - (box.selectionEnd - box.selectionStart);
            const pasted = e.clipboardData.getData("text").length;
            setCut(kept + pasted > maxLength ? kept + pasted : null);
          }}
          aria-describedby={`report-text-count ${errorId("report-text")}`}
          aria-invalid={errors.text ? true : undefined}
          className={input}
        />
        <p id="report-text-count" className="text-xs text-slate-400" aria-live="polite">
          {cut !== null && (
            <span className="text-amber-200" data-testid="report-text-cut">
              Your text was shortened: it had {formatCount(cut)} characters and a report keeps {formatCount(maxLength)}
              .{" "}
            </span>
          )}
          {formatCount(length)} of {formatCount(maxLength)} characters
        </p>
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
