"use client";
/**
 * Game.ini and GameUserSettings.ini for an import: a box each to paste into, and a file
 * picker that reads the chosen file into its box (the file itself is not sent; without
 * JavaScript, paste). Other fields of the form (a title, a game) come as `children`.
 */
import { useActionState, useRef, type ReactNode } from "react";
import { errorId, FieldError } from "@/components/dashboard/field-error";
import { input, label as labelClass, primaryButton } from "@/components/dashboard/styles";
import type { FormState } from "@/lib/dashboard/form-data";

const FILES = [
  { field: "game_ini", file: "Game.ini" },
  { field: "gus_ini", file: "GameUserSettings.ini" },
] as const;

export function IniFileFields({
  action,
  hidden = {},
  submitLabel,
  children,
  id = "ini-import",
}: {
  action: (state: FormState, form: FormData) => Promise<FormState>;
  hidden?: Record<string, string>;
  submitLabel: string;
  children?: ReactNode;
  id?: string;
}) {
  const [state, formAction, pending] = useActionState(action, {} as FormState);
  const boxes = useRef<Record<string, HTMLTextAreaElement | null>>({});
  return (
    <form action={formAction} className="space-y-3" noValidate>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      {FILES.map(({ field, file }) => (
        <div key={field} className="space-y-1">
          <label htmlFor={`${id}-${field}`} className={labelClass}>
            {file}
          </label>
          <textarea
            id={`${id}-${field}`}
            name={field}
            rows={6}
            spellCheck={false}
            ref={(el) => {
              boxes.current[field] = el;
            }}
            className={`${input} font-mono`}
            placeholder={`Paste ${file} here, or choose the file below`}
          />
          <label className="block text-xs text-slate-400">
            Or choose the file:{" "}
            <input
              type="file"
              accept=".ini,text/plain"
              className="text-xs"
              onChange={(e) => {
                const chosen = e.currentTarget.files?.[0];
                const box = boxes.current[field];
                if (chosen && box) void chosen.text().then((text) => (box.value = text));
              }}
            />
          </label>
        </div>
      ))}
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className={primaryButton} disabled={pending} aria-describedby={errorId(`${id}-form`)}>
          {submitLabel}
        </button>
        <span role="status" className="text-sm text-emerald-300">
          {pending ? "Working…" : (state.ok ?? "")}
        </span>
      </div>
      <FieldError
        id={errorId(`${id}-form`)}
        message={state.errors?.form ?? state.errors?.title ?? state.errors?.game}
      />
    </form>
  );
}
