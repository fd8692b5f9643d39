"use client";
/**
 * A number typed as text: the view keeps exactly what was typed, and the field says
 * what is wrong with it (aria-invalid, the sentence linked by aria-describedby) instead
 * of quietly keeping an older value. Plain text with a numeric keyboard: a number input
 * would hide "1.5" or "-" from the page behind an empty value. It belongs to the page's
 * GET form like every control, so "Apply" without JavaScript sends it.
 */
import { FORM_ID } from "./spawn-form";
interface Props {
  id: string;
  /** the query parameter the page's form sends */
  name: string;
  label: string;
  value: string;
  /** what is wrong with the value, or undefined */
  error?: string;
  onChange: (text: string) => void;
  /** room for a long number (a player id) */
  wide?: boolean;
}

export function NumberField({ id, name, label, value, error, onChange, wide }: Props) {
  return (
    <div className="flex max-w-[15rem] flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-300">
        {label}
      </label>
      <input
        id={id}
        form={FORM_ID}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={`${wide ? "w-44" : "w-24"} rounded border bg-slate-900 px-2 py-1.5 text-sm text-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400 ${error ? "border-rose-400" : "border-slate-600"}`}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}
