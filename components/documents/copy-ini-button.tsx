"use client";
/**
 * Copies the Game.ini lines: from the page's copy box when it holds them all, else
 * fetched from the export route. The text is never a prop, so a large Game.ini is not
 * sent a second time in the React payload.
 */
import { useState } from "react";
import { secondaryButton } from "@/components/dashboard/styles";
import { copyText } from "@/components/spawn/copy-text";

export function CopyIniButton({ boxId, fetchHref }: { boxId: string; fetchHref?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    let text = (document.getElementById(boxId) as HTMLTextAreaElement | null)?.value ?? "";
    if (fetchHref) {
      const res = await fetch(fetchHref).catch(() => null);
      text = res?.ok ? await res.text() : "";
    }
    setState(text && (await copyText(text)) ? "copied" : "failed");
  }
  return (
    <button type="button" className={secondaryButton} aria-label="Copy the Game.ini lines" onClick={() => void copy()}>
      <span aria-live="polite">{state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy"}</span>
    </button>
  );
}
