"use client";
/**
 * A labelled choice of the spawn page's form (filters and command options), its options
 * as children. Like every control it belongs to the page's GET form, so "Apply" without
 * JavaScript sends it.
 */
import type { ReactNode } from "react";
import { caption, field, FORM_ID } from "./spawn-form";

interface Props {
  id: string;
  /** the query parameter the page's form sends */
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** the id of a sentence that explains the choice */
  describedBy?: string;
  /** classes added to the select's own */
  className?: string;
  children: ReactNode;
}

export function SelectField({ id, name, label, value, onChange, describedBy, className, children }: Props) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={caption}>
        {label}
      </label>
      <select
        id={id}
        form={FORM_ID}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={describedBy}
        className={className ? `${field} ${className}` : field}
      >
        {children}
      </select>
    </div>
  );
}
