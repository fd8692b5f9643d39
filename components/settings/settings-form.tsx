"use client";
/**
 * One group of a document's server settings as a form (lib/server-config/settings-editor
 * describes the fields): each field with its type, the default, the file and section it
 * goes to, a note where the other game lacks the key, "changed" where the value differs
 * from the default, and "Reset to default" for a value set. Works without JavaScript (a
 * server action through useActionState); a refused save gives back what was typed.
 */
import { useActionState } from "react";
import { errorId, FieldError } from "@/components/dashboard/field-error";
import { input, label as labelClass, primaryButton, secondaryButton } from "@/components/dashboard/styles";
import type { FormState } from "@/lib/dashboard/form-data";

export interface SettingField {
  name: string;
  key: string;
  type: "bool" | "int" | "float" | "string" | "array/struct" | "ini";
  value: string;
  default?: string;
  min?: number;
  max?: number;
  /** "Game.ini [/script/shootergame.shootergamemode]" */
  place: string;
  description: string;
  changed: boolean;
  otherGame?: string;
  deprecated?: boolean;
}

interface Props {
  action: (state: FormState, form: FormData) => Promise<FormState>;
  id: string;
  hidden: Record<string, string>;
  fields: SettingField[];
  submitLabel: string;
  /** the author may change them; anyone else reads them */
  editable: boolean;
}

type Shown = FormState & { sent?: Record<string, string>; round?: number };

function rangeText(f: SettingField): string {
  if (f.min !== undefined && f.max !== undefined) return ` · from ${f.min} to ${f.max}`;
  if (f.min !== undefined) return ` · at least ${f.min}`;
  if (f.max !== undefined) return ` · at most ${f.max}`;
  return "";
}

function Control({
  f,
  fieldId,
  value,
  error,
  editable,
}: {
  f: SettingField;
  fieldId: string;
  value: string;
  error?: string;
  editable: boolean;
}) {
  const describedBy = `${fieldId}-hint ${errorId(fieldId)}`;
  const common = {
    id: fieldId,
    name: f.name,
    defaultValue: value,
    disabled: !editable,
    "aria-describedby": describedBy,
    "aria-invalid": error ? true : undefined,
    className: `${input} font-mono ${f.changed ? "border-amber-400" : ""}`,
  };
  if (f.type === "bool")
    return (
      <select {...common}>
        <option value="">Default{f.default !== undefined ? ` (${f.default})` : ""}</option>
        <option value="True">True</option>
        <option value="False">False</option>
      </select>
    );
  if (f.type === "array/struct" || f.type === "ini")
    return <textarea rows={f.type === "ini" ? 8 : 3} spellCheck={false} {...common} />;
  return (
    <input
      type="text"
      inputMode={f.type === "int" ? "numeric" : f.type === "float" ? "decimal" : undefined}
      placeholder={f.default !== undefined ? f.default : undefined}
      spellCheck={false}
      {...common}
    />
  );
}

export function SettingsForm({ action, id, hidden, fields, submitLabel, editable }: Props) {
  const [state, formAction, pending] = useActionState(async (prev: Shown, form: FormData): Promise<Shown> => {
    const next = await action(prev, form);
    const round = (prev.round ?? 0) + 1;
    if (!next.errors) return { ...next, round };
    const sent: Record<string, string> = {};
    for (const [name, value] of form.entries()) if (typeof value === "string") sent[name] = value;
    return { ...next, sent, round };
  }, {} as Shown);
  return (
    <form action={formAction} className="space-y-4" noValidate>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <ul className="space-y-4">
        {fields.map((f) => {
          const fieldId = `${id}-${f.name}`;
          const error = state.errors?.[f.name];
          return (
            <li key={`${f.name}-${state.round ?? 0}`} id={f.name} className="space-y-1 border-b border-slate-800 pb-3">
              <div className="flex flex-wrap items-baseline gap-2">
                <label htmlFor={fieldId} className={`${labelClass} break-all font-mono`}>
                  {f.key}
                </label>
                {f.changed && (
                  <span
                    className="rounded bg-amber-400/20 px-1.5 text-xs font-semibold text-amber-200"
                    data-testid="changed"
                  >
                    changed
                  </span>
                )}
                {f.deprecated && <span className="text-xs text-slate-400">deprecated</span>}
              </div>
              <Control
                f={f}
                fieldId={fieldId}
                value={state.sent?.[f.name] ?? f.value}
                error={error}
                editable={editable}
              />
              <p id={`${fieldId}-hint`} className="text-xs text-slate-400">
                {f.description && <span className="block text-slate-300">{f.description}</span>}
                {f.type === "ini"
                  ? f.place
                  : `${f.default !== undefined ? `Default ${f.default}` : "No default stated by the sources"}${rangeText(f)} · ${f.place}`}
                {f.type === "array/struct" && " · one value per line"}
                {f.otherGame && <span className="block text-sky-300">{f.otherGame}</span>}
              </p>
              {editable && f.value !== "" && f.type !== "ini" && (
                <button
                  type="submit"
                  name="reset"
                  value={f.name}
                  className={`${secondaryButton} text-xs`}
                  disabled={pending}
                  aria-label={`Reset ${f.key} to default`}
                >
                  Reset to default
                </button>
              )}
              <FieldError id={errorId(fieldId)} message={error} />
            </li>
          );
        })}
      </ul>
      {editable && (
        <div className="sticky bottom-0 flex flex-wrap items-center gap-2 border-t border-slate-800 bg-slate-950/95 py-2">
          <button type="submit" className={primaryButton} disabled={pending} aria-describedby={errorId(`${id}-form`)}>
            {submitLabel}
          </button>
          <span role="status" className="text-sm text-emerald-300">
            {pending ? "Saving…" : (state.ok ?? "")}
          </span>
        </div>
      )}
      <FieldError id={errorId(`${id}-form`)} message={state.errors?.form} />
    </form>
  );
}
