"use client";
/**
 * Bulk upload of a mod's engrams or creatures: the file is checked on the server first
 * (preview: what would be added and updated, or every bad row by number); "Apply" then
 * saves it in slices with a progress bar. Nothing is saved until the preview is clean.
 * A file whose rows name their kind may carry both engrams and creatures: each goes to
 * its own list, whichever card took the file.
 */
import { useState } from "react";
import { applyUploadAction, previewUploadAction } from "@/app/dashboard/catalogue-actions";
import { errorId, FieldError } from "@/components/dashboard/field-error";
import { card, input, label, primaryButton, secondaryButton } from "@/components/dashboard/styles";
import type { UploadPreview } from "@/lib/dashboard/catalogue-upload";
import { MAX_APPLY_ITEMS } from "@/lib/dashboard/upload-limits";
import type { ItemKind } from "@/lib/engrams/item-kind";
import { countOf, plural } from "@/lib/portal/format";

/** What the card says for each kind. */
const WORDS: Record<ItemKind, { noun: string; Noun: string; title: string; help: string }> = {
  engrams: {
    noun: "engram",
    Noun: "Engram",
    title: "Upload engrams (CSV or JSON)",
    help: "CSV: a header row naming path, label, availability (or environments) and can_blueprint, and kind if the file also has creatures (a row whose kind is creature is a creature). JSON: an engram POST body. Rows without mod_id belong to this mod.",
  },
  creatures: {
    noun: "creature",
    Noun: "Creature",
    title: "Upload creatures (CSV or JSON)",
    help: "CSV: a header row naming path, label and availability (or environments), and kind (creature) if you like: the creatures download has it. JSON: a creature POST body. Rows without mod_id belong to this mod; a row whose kind is engram is an engram.",
  },
};

export function CatalogueUpload({ modId, kind }: { modId: string; kind: ItemKind }) {
  const { noun, Noun, title, help } = WORDS[kind];
  const fileField = `${noun}_file`;
  const [preview, setPreview] = useState<UploadPreview | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [message, setMessage] = useState<string>("");
  const [busy, setBusy] = useState(false);
  const changes = preview?.ok ? preview.parts.reduce((n, p) => n + p.send.length, 0) : 0;
  const fieldError = preview && !preview.ok ? preview.message : message.startsWith("Error") ? message : undefined;

  async function onPreview(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const file = new FormData(e.currentTarget).get(fileField);
    setMessage("");
    setProgress(null);
    if (!(file instanceof File) || file.size === 0) {
      setPreview({ ok: false, message: `Choose a .csv or .json ${noun} file.`, errors: [], errorCount: 0 });
      return;
    }
    setBusy(true);
    try {
      setPreview(await previewUploadAction(modId, kind, file.name, await file.text()));
    } finally {
      setBusy(false);
    }
  }

  async function onApply() {
    if (!preview?.ok) return;
    setBusy(true);
    const total = preview.parts.reduce((n, p) => n + p.send.length, 0);
    let done = 0;
    setProgress({ done, total });
    try {
      for (const part of preview.parts) {
        const items = part.send;
        for (let i = 0; i < items.length; i += MAX_APPLY_ITEMS) {
          const result = await applyUploadAction(modId, part.kind, items.slice(i, i + MAX_APPLY_ITEMS));
          if (!result.ok) {
            setMessage(`Error after ${done} of ${countOf(total, "change", "changes")}: ${result.message}`);
            return;
          }
          done += Math.min(MAX_APPLY_ITEMS, items.length - i);
          setProgress({ done, total });
        }
      }
      const done1 = (p: { added: number; updated: number }) => `${p.added} added, ${p.updated} updated`;
      setMessage(
        preview.parts.length === 1
          ? `Applied: ${done1(preview.parts[0]!)}.`
          : `Applied: ${preview.parts.map((p) => `${p.kind} ${done1(p)}`).join("; ")}.`,
      );
      setPreview(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={card} aria-labelledby={`${fileField}-title`}>
      <h2 id={`${fileField}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-slate-400">
        {help} {Noun}s of the mod missing from the file are kept.
      </p>
      <form onSubmit={(e) => void onPreview(e)} className="space-y-2">
        <label htmlFor={fileField} className={label}>
          {Noun} file
        </label>
        <input
          id={fileField}
          name={fileField}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          className={input}
          aria-describedby={errorId(fileField)}
          onChange={() => setPreview(null)}
        />
        <FieldError id={errorId(fileField)} message={fieldError} />
        <button type="submit" className={secondaryButton} disabled={busy}>
          Check {noun} file
        </button>
      </form>
      {preview && !preview.ok && preview.errors.length > 0 && (
        <div className="space-y-1">
          <p className="text-sm text-slate-300">
            {preview.errorCount > preview.errors.length
              ? `First ${preview.errors.length} of ${preview.errorCount} problems:`
              : "Problems:"}
          </p>
          <ul aria-label="Problems in the file" className="max-h-64 list-disc overflow-auto pl-5 text-sm text-rose-200">
            {preview.errors.map((e, i) => (
              <li key={i}>
                Row {e.row}: {e.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {preview?.ok && (
        <div className="space-y-2" data-testid={`${noun}-upload-preview`}>
          {preview.parts.map((part) => {
            const words = WORDS[part.kind];
            return (
              <p key={part.kind} className="text-sm" data-kind={part.kind}>
                {countOf(part.total, words.noun, `${words.noun}s`)} in the file: <strong>{part.added} new</strong>,{" "}
                <strong>{part.updated} changed</strong>, {part.unchanged} unchanged
                {part.notInFile > 0
                  ? `; ${part.notInFile} of the mod's ${plural(part.notInFile, words.noun, `${words.noun}s`)} ${plural(part.notInFile, "is", "are")} not in the file and ${plural(part.notInFile, "stays", "stay")}`
                  : ""}
                .
              </p>
            );
          })}
          <button
            type="button"
            className={primaryButton}
            disabled={busy || changes === 0}
            onClick={() => void onApply()}
          >
            Apply {countOf(changes, "change", "changes")}
          </button>
        </div>
      )}
      {progress && (
        <progress
          className="w-full accent-amber-400"
          max={progress.total}
          value={progress.done}
          aria-label={`${Noun} upload progress`}
        />
      )}
      <p role="status" className="text-sm text-emerald-300">
        {message.startsWith("Error") ? "" : message}
      </p>
    </section>
  );
}
