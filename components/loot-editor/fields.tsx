"use client";
/**
 * The loot editor's form fields: each labelled, each showing its issues below it
 * (linked by aria-describedby; errors also set aria-invalid). Number fields keep the
 * text as typed, and give the document NaN while it is not a number, so validation
 * says so where it is and saving waits.
 */
import { useState, type ReactNode } from "react";
import { focus, input } from "@/components/dashboard/styles";
import type { LootIssue } from "@/lib/loot/validate-loot";
import { groupOf, useEditor, type DocEdit } from "./editor-context";

const small = `${input} py-1`;

export function IssueLines({ id, issues }: { id: string; issues: LootIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <ul id={id} className="space-y-0.5 text-xs">
      {issues.map((i, k) => (
        <li key={k} className={i.severity === "error" ? "text-rose-300" : "text-amber-200"} data-severity={i.severity}>
          {i.severity === "error" ? "Error: " : "Warning: "}
          {i.message}
        </li>
      ))}
    </ul>
  );
}

interface FieldProps {
  /** the part's DOM id prefix */
  pid: string;
  path: readonly number[];
  field: string;
  label: string;
  className?: string;
}

function useField(props: FieldProps) {
  const api = useEditor();
  const issues = api.issues(props.path, props.field);
  const id = `${props.pid}-${props.field}`;
  return {
    api,
    id,
    issues,
    describedBy: issues.length > 0 ? `${id}-issues` : undefined,
    invalid: issues.some((i) => i.severity === "error") ? true : undefined,
    group: groupOf(props.path, props.field),
    /** leaving the field: the undo step ends, and its issues show from now on */
    blur: () => {
      api.closeGroup();
      api.touch(props.path, props.field);
    },
    edit: (fn: DocEdit, group?: string) => {
      api.touch(props.path, props.field);
      api.edit(fn, group);
    },
  };
}

function Wrap({
  id,
  label,
  issues,
  className,
  children,
}: {
  id: string;
  label: string;
  issues: LootIssue[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className ?? ""}`}>
      <label htmlFor={id} className="text-xs font-medium text-slate-300">
        {label}
      </label>
      {children}
      <IssueLines id={`${id}-issues`} issues={issues} />
    </div>
  );
}

export function TextField(
  props: FieldProps & {
    value: string;
    onChange: (value: string) => DocEdit;
    multiline?: boolean;
    mono?: boolean;
    placeholder?: string;
  },
) {
  const f = useField(props);
  const common = {
    id: f.id,
    value: props.value,
    placeholder: props.placeholder,
    "aria-describedby": f.describedBy,
    "aria-invalid": f.invalid,
    onBlur: f.blur,
    className: `${small} ${props.mono ? "font-mono" : ""}`,
  };
  return (
    <Wrap id={f.id} label={props.label} issues={f.issues} className={props.className}>
      {props.multiline ? (
        <textarea rows={3} {...common} onChange={(e) => f.edit(props.onChange(e.target.value), f.group)} />
      ) : (
        <input type="text" {...common} onChange={(e) => f.edit(props.onChange(e.target.value), f.group)} />
      )}
    </Wrap>
  );
}

const shown = (n: number, scale: number) => (Number.isFinite(n) ? String(Number((n * scale).toFixed(6))) : "");

export function NumberField(
  props: FieldProps & { value: number; onChange: (value: number) => DocEdit; scale?: number },
) {
  const f = useField(props);
  const scale = props.scale ?? 1;
  const [text, setText] = useState(() => shown(props.value, scale));
  // The document changed from elsewhere (undo, restore): show its value.
  const parsed = text.trim() === "" ? NaN : Number(text) / scale;
  if (
    !Object.is(parsed, props.value) &&
    !(Number.isNaN(parsed) && Number.isNaN(props.value)) &&
    shown(parsed, scale) !== shown(props.value, scale)
  )
    setText(shown(props.value, scale));
  return (
    <Wrap id={f.id} label={props.label} issues={f.issues} className={props.className}>
      <input
        id={f.id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        aria-describedby={f.describedBy}
        aria-invalid={f.invalid}
        onBlur={f.blur}
        onChange={(e) => {
          setText(e.target.value);
          const n = e.target.value.trim() === "" ? NaN : Number(e.target.value) / scale;
          f.edit(props.onChange(n), f.group);
        }}
        className={small}
      />
    </Wrap>
  );
}

export function SelectField<V extends string>(
  props: FieldProps & { value: V; options: { value: V; label: string }[]; onChange: (value: V) => DocEdit },
) {
  const f = useField(props);
  return (
    <Wrap id={f.id} label={props.label} issues={f.issues} className={props.className}>
      <select
        id={f.id}
        value={props.value}
        aria-describedby={f.describedBy}
        aria-invalid={f.invalid}
        onChange={(e) => f.edit(props.onChange(e.target.value as V))}
        className={small}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Wrap>
  );
}

export function CheckField(
  props: FieldProps & { value: boolean; onChange: (value: boolean) => DocEdit; hint?: string },
) {
  const f = useField(props);
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${props.className ?? ""}`}>
      <label className="flex items-start gap-2 text-sm">
        <input
          id={f.id}
          type="checkbox"
          checked={props.value}
          onChange={(e) => f.edit(props.onChange(e.target.checked))}
          className={`mt-0.5 accent-amber-400 ${focus}`}
        />
        <span>
          {props.label}
          {props.hint && <span className="block text-xs text-slate-400">{props.hint}</span>}
        </span>
      </label>
      <IssueLines id={`${f.id}-issues`} issues={f.issues} />
    </div>
  );
}
