"use client";
/**
 * Ten recovery codes, shown once: the list, a download and a copy, and the "I kept these"
 * tick. `onKept` is told when the codes were downloaded or the tick made, so the step
 * that shows them can open the way on only then.
 */
import { useState } from "react";
import { CopyButton } from "@/components/dashboard/copy-button";
import { secondaryButton } from "@/components/dashboard/styles";
import { downloadText } from "@/components/spawn/copy-text";

export function codesFileText(userId: string, codes: string[]): string {
  return [
    `Beacon Hub recovery codes for ${userId}`,
    "Each code works once: with a new key it replaces every key of the account (/recover).",
    "",
    ...codes,
    "",
  ].join("\n");
}

export function RecoveryCodes({
  userId,
  codes,
  onKept,
}: {
  userId: string;
  codes: string[];
  onKept?: (kept: boolean) => void;
}) {
  const [kept, setKept] = useState<"download" | "ticked" | null>(null);
  const keep = (how: "download" | "ticked" | null) => {
    setKept(how);
    onKept?.(how !== null);
  };
  const fileName = `beacon-recovery-codes-${userId}.txt`;
  return (
    <div className="space-y-2 rounded border border-slate-700 p-3" data-testid="recovery-codes">
      <h3 className="font-semibold">Keep these recovery codes</h3>
      <p className="text-sm text-slate-300">
        If you lose your identity file, one of these codes and a new key made in your browser get you back in (
        <a href="/recover" className="text-amber-400 underline">
          Recover an account
        </a>
        ). Each works once. They are shown only now: keep them apart from the identity file.
      </p>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono text-sm text-amber-200">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            downloadText(codesFileText(userId, codes), fileName, "text/plain");
            keep("download");
          }}
        >
          Download recovery codes
        </button>
        <CopyButton text={codes.join("\n")} label="Copy the recovery codes" />
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
        <input
          type="checkbox"
          className="h-5 w-5 accent-amber-400"
          checked={kept !== null}
          onChange={(e) => keep(e.target.checked ? "ticked" : null)}
        />
        I kept my recovery codes somewhere safe
      </label>
    </div>
  );
}
