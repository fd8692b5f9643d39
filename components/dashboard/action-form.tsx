"use client";
/**
 * Every dashboard form: fields described by plain data (so server pages can declare
 * them), a server action through useActionState, and each error next to its field,
 * linked by aria-describedby. Errors that belong to no field show by the button.
 * React resets a form once its action ends; when the action refused the input, the
 * fields are given back what was typed, so a person corrects it instead of retyping it.
 * A form that destroys something (`confirm`) asks first, naming what will be lost; only
 * its "Yes" sends, with `confirmed=yes`, which those actions require on the server too.
 */
import { useActionState, useEffect, useRef, useState } from "react";
import { CopyButton } from "@/components/dashboard/copy-button";
import { errorId, FieldError } from "@/components/dashboard/field-error";
import {
  dangerButton,
  input,
  label as labelClass,
  primaryButton,
  secondaryButton,
} from "@/components/dashboard/styles";
import type { FormState } from "@/lib/dashboard/form-data";

export interface FieldSpec {
  name: string;
  label: string;
  type?: "text" | "textarea" | "checkbox" | "checkboxes" | "radio";
  defaultValue?: string;
  /** checkboxes and radio: the choices, and which are ticked; checkbox: ticked when "true" */
  options?: string[];
  defaultValues?: string[];
  placeholder?: string;
  hint?: string;
  readOnly?: boolean;
  mono?: boolean;
}

interface Props {
  action: (state: FormState, form: FormData) => Promise<FormState>;
  /** unique on the page: prefixes ids */
  id: string;
  fields?: FieldSpec[];
  hidden?: Record<string, string>;
  submitLabel: string;
  /** the button's name for screen readers when the label alone is ambiguous ("Delete") */
  submitAriaLabel?: string;
  variant?: "primary" | "secondary" | "danger";
  inline?: boolean;
  /** ask before sending: what will be lost, by name and count, and the button that sends */
  confirm?: { question: string; detail?: string; yes: string };
}

/** What the form sent, by field name: given back to the fields when the action refused it. */
type Sent = Record<string, string[]>;
/** The action's answer, what was sent when it refused it, and how many answers came. */
type ShownState = FormState & { sent?: Sent; round?: number };

function Field({
  spec: given,
  fieldId,
  error,
  sent,
}: {
  spec: FieldSpec;
  fieldId: string;
  error: string | undefined;
  sent: Sent | undefined;
}) {
  // A checkbox left unticked is absent from what was sent: unticked, not the default.
  const spec: FieldSpec = sent
    ? {
        ...given,
        defaultValue:
          given.type === "checkbox"
            ? String(sent[given.name]?.includes("true") ?? false)
            : (sent[given.name]?.[0] ?? ""),
        defaultValues: sent[given.name] ?? [],
      }
    : given;
  const describedBy = [errorId(fieldId), spec.hint ? `${fieldId}-hint` : ""].filter(Boolean).join(" ");
  const hint = spec.hint ? (
    <p id={`${fieldId}-hint`} className="text-xs text-slate-400">
      {spec.hint}
    </p>
  ) : null;
  if (spec.type === "checkboxes" || spec.type === "radio") {
    const radio = spec.type === "radio";
    return (
      <fieldset className="space-y-1" aria-describedby={describedBy}>
        <legend className={labelClass}>{spec.label}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {(spec.options ?? []).map((o) => (
            <label key={o} className="flex items-center gap-1.5 text-sm">
              <input
                type={radio ? "radio" : "checkbox"}
                name={spec.name}
                value={o}
                defaultChecked={
                  radio ? (spec.defaultValues?.[0] ?? spec.defaultValue) === o : spec.defaultValues?.includes(o)
                }
                className="accent-amber-400"
              />
              {o}
            </label>
          ))}
        </div>
        {hint}
        <FieldError id={errorId(fieldId)} message={error} />
      </fieldset>
    );
  }
  if (spec.type === "checkbox") {
    return (
      <div className="space-y-1">
        <label className="flex items-center gap-1.5 text-sm">
          <input
            type="checkbox"
            id={fieldId}
            name={spec.name}
            value="true"
            defaultChecked={spec.defaultValue === "true"}
            aria-describedby={describedBy}
            className="accent-amber-400"
          />
          {spec.label}
        </label>
        {hint}
        <FieldError id={errorId(fieldId)} message={error} />
      </div>
    );
  }
  const common = {
    id: fieldId,
    name: spec.name,
    defaultValue: spec.defaultValue,
    placeholder: spec.placeholder,
    readOnly: spec.readOnly,
    "aria-describedby": describedBy,
    "aria-invalid": error ? true : undefined,
    className: `${input} ${spec.mono ? "font-mono" : ""}`,
  };
  return (
    <div className="space-y-1">
      <label htmlFor={fieldId} className={labelClass}>
        {spec.label}
      </label>
      {spec.type === "textarea" ? <textarea rows={4} {...common} /> : <input type="text" {...common} />}
      {hint}
      <FieldError id={errorId(fieldId)} message={error} />
    </div>
  );
}

export function ActionForm({
  action,
  id,
  fields = [],
  hidden = {},
  submitLabel,
  submitAriaLabel,
  variant = "primary",
  inline = false,
  confirm,
}: Props) {
  // The answer round the question was opened at: it closes once that round is answered
  // without an error (done), and stays with the error otherwise.
  const [askedAt, setAskedAt] = useState<number | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [state, formAction, pending] = useActionState(async (prev: ShownState, form: FormData): Promise<ShownState> => {
    const next = await action(prev, form);
    const round = (prev.round ?? 0) + 1;
    if (!next.errors) return { ...next, round };
    const sent: Sent = {};
    for (const [name, value] of form.entries())
      if (typeof value === "string" && !name.startsWith("$ACTION")) (sent[name] ??= []).push(value);
    return { ...next, sent, round };
  }, {} as ShownState);
  const button = variant === "danger" ? dangerButton : variant === "secondary" ? secondaryButton : primaryButton;
  const formError = state.errors?.form;
  const asking = askedAt !== null && (askedAt === (state.round ?? 0) || state.errors !== undefined);
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);
  return (
    <form action={formAction} className={inline ? "inline-flex flex-col gap-1" : "space-y-2"} noValidate>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {fields.map((f) => (
        // A new key each round: the fields take the values given back as their defaults.
        <Field
          key={`${f.name}-${state.round ?? 0}`}
          spec={f}
          fieldId={`${id}-${f.name}`}
          error={state.errors?.[f.name]}
          sent={state.sent}
        />
      ))}
      <div className="flex flex-wrap items-center gap-2">
        {confirm ? (
          <button
            ref={opener}
            type="button"
            className={button}
            disabled={pending}
            aria-label={submitAriaLabel}
            aria-expanded={asking}
            aria-controls={`${id}-confirm`}
            onClick={() => setAskedAt(state.round ?? 0)}
          >
            {submitLabel}
          </button>
        ) : (
          <button
            type="submit"
            className={button}
            disabled={pending}
            aria-label={submitAriaLabel}
            aria-describedby={errorId(`${id}-form`)}
          >
            {submitLabel}
          </button>
        )}
        <span role="status" className="text-sm text-emerald-300">
          {pending ? "Working…" : (state.ok ?? "")}
        </span>
      </div>
      {confirm && asking && (
        <div
          id={`${id}-confirm`}
          role="group"
          aria-labelledby={`${id}-question`}
          className="space-y-2 rounded border border-rose-700 bg-rose-950/40 p-3"
          data-testid="confirm"
        >
          <input type="hidden" name="confirmed" value="yes" />
          <p id={`${id}-question`} className="break-words font-medium text-rose-100">
            {confirm.question}
          </p>
          {confirm.detail && <p className="text-sm text-slate-300">{confirm.detail}</p>}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={dangerButton} disabled={pending} aria-describedby={errorId(`${id}-form`)}>
              {confirm.yes}
            </button>
            <button
              ref={cancel}
              type="button"
              className={secondaryButton}
              onClick={() => {
                setAskedAt(null);
                // Back to the button that asked, which the group's closing would otherwise drop.
                requestAnimationFrame(() => opener.current?.focus());
              }}
            >
              Cancel
            </button>
          </div>
        </div>
      )}
      <FieldError id={errorId(`${id}-form`)} message={formError ?? state.errors?.confirmed} />
      {state.reveal && !state.errors && (
        <div className="space-y-1 rounded border border-amber-400/60 bg-slate-950 p-2" data-testid={`${id}-reveal`}>
          <p className="text-sm font-medium text-amber-200">{state.reveal.label}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="break-all font-mono text-sm text-slate-100">{state.reveal.value}</code>
            <CopyButton text={state.reveal.value} label={`Copy: ${state.reveal.label}`} />
          </div>
        </div>
      )}
    </form>
  );
}
