"use client";
/**
 * Bulk engram upload: the file is checked on the server first (preview: what would be
 * added and updated, or every bad row by number); "Apply" then saves it in slices with
 * a progress bar. Nothing is saved until the preview is clean.
 */
import { useState } from "react";
import { applyUploadAction, previewUploadAction } from "@/app/dashboard/engram-actions";
import { errorId, FieldError } from "@/components/dashboard/field-error";
import { card, input, label, primaryButton, secondaryButton } from "@/components/dashboard/styles";
import type { UploadPreview } from "@/lib/dashboard/engram-upload";
import { MAX_APPLY_ITEMS } from "@/lib/dashboard/upload-limits";

export function EngramUpload({ modId }: { modId: string }) {
  const [preview, setPreview] = useState<UploadPreview | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [message, setMessage] = useState<string>("");
  const [busy, setBusy] = useState(false);
  const fieldError = preview && !preview.ok ? preview.message : message.startsWith("Error") ? message : undefined;

  async function onPreview(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const file = new FormData(e.currentTarget).get("engram_file");
    setMessage("");
    setProgress(null);
    if (!(file instanceof File) || file.size === 0) {
      setPreview({ ok: false, message: "Choose a .csv or .json engram file.", errors: [], errorCount: 0 });
      return;
    }
    setBusy(true);
    try {
      setPreview(await previewUploadAction(modId, file.name, await file.text()));
    } finally {
      setBusy(false);
    }
  }

  async function onApply() {
    if (!preview?.ok) return;
    setBusy(true);
    const items = preview.send;
    setProgress({ done: 0, total: items.length });
    try {
      for (let i = 0; i < items.length; i += MAX_APPLY_ITEMS) {
        const result = await applyUploadAction(modId, items.slice(i, i + MAX_APPLY_ITEMS));
        if (!result.ok) {
          setMessage(`Error after ${i} of ${items.length} engrams: ${result.message}`);
          return;
        }
        setProgress({ done: Math.min(i + MAX_APPLY_ITEMS, items.length), total: items.length });
      }
      setMessage(`Applied: ${preview.added} added, ${preview.updated} updated.`);
      setPreview(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={card}>
      <h2 className="text-lg font-semibold">Upload engrams (CSV or JSON)</h2>
      <p className="text-sm text-slate-400">
        CSV: a header row naming path, label, availability (or environments) and can_blueprint. JSON: an engram POST body. Rows without mod_id belong to this mod.
        Engrams of the mod missing from the file are kept.
      </p>
      <form onSubmit={(e) => void onPreview(e)} className="space-y-2">
        <label htmlFor="engram_file" className={label}>Engram file</label>
        <input id="engram_file" name="engram_file" type="file" accept=".csv,.json,text/csv,application/json" className={input} aria-describedby={errorId("engram_file")} onChange={() => setPreview(null)} />
        <FieldError id={errorId("engram_file")} message={fieldError} />
        <button type="submit" className={secondaryButton} disabled={busy}>Check file</button>
      </form>
      {preview && !preview.ok && preview.errors.length > 0 && (
        <div className="space-y-1">
          <p className="text-sm text-slate-300">{preview.errorCount > preview.errors.length ? `First ${preview.errors.length} of ${preview.errorCount} problems:` : "Problems:"}</p>
          <ul aria-label="Problems in the file" className="max-h-64 list-disc overflow-auto pl-5 text-sm text-rose-200">
            {preview.errors.map((e, i) => (
              <li key={i}>Row {e.row}: {e.message}</li>
            ))}
          </ul>
        </div>
      )}
      {preview?.ok && (
        <div className="space-y-2" data-testid="upload-preview">
          <p className="text-sm">
            {preview.total} engrams in the file: <strong>{preview.added} new</strong>, <strong>{preview.updated} changed</strong>, {preview.unchanged} unchanged
            {preview.notInFile > 0 ? `; ${preview.notInFile} of the mod's engrams are not in the file and stay` : ""}.
          </p>
          <button type="button" className={primaryButton} disabled={busy || preview.send.length === 0} onClick={() => void onApply()}>
            Apply {preview.send.length} changes
          </button>
        </div>
      )}
      {progress && <progress className="w-full accent-amber-400" max={progress.total} value={progress.done} aria-label="Upload progress" />}
      <p role="status" className="text-sm text-emerald-300">{message.startsWith("Error") ? "" : message}</p>
    </div>
  );
}
