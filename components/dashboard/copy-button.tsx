"use client";
import { useState } from "react";
import { copyText } from "@/components/spawn/copy-text";
import { secondaryButton } from "@/components/dashboard/styles";

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className={secondaryButton}
      aria-label={label}
      onClick={() => void copyText(text).then((ok) => setDone(ok))}
    >
      <span aria-live="polite">{done ? "Copied" : "Copy"}</span>
    </button>
  );
}
