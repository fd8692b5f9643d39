"use client";
/**
 * "Publish a Beacon file" on My documents: the chosen file is checked on the server
 * first and shown as what it is (title, loot sources, maps, new or the next revision);
 * "Publish" sends the same file again, checked again, as POST /v1/document.php would
 * take it. Bad files get the API's reason next to the field, and nothing is written.
 */
import Link from "@/components/intent-link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { previewDocumentUploadAction, publishDocumentUploadAction } from "@/app/dashboard/document-actions";
import { errorId, FieldError } from "@/components/dashboard/field-error";
import { card, focus, input, label, primaryButton, secondaryButton } from "@/components/dashboard/styles";
import type { PublishOutcome, UploadPreview } from "@/lib/documents/document-upload";
import { fileTooLarge } from "@/lib/documents/upload-words";
import { countOf } from "@/lib/portal/format";

const FIELD = "beacon_file";

export function DocumentUpload({ sendLimit }: { sendLimit: number }) {
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<UploadPreview | null>(null);
  const [published, setPublished] = useState<PublishOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const error = preview && !preview.ok ? preview.message : published && !published.ok ? published.message : undefined;

  function formOf(f: File): FormData {
    const form = new FormData();
    form.set("file", f);
    return form;
  }

  async function run<T>(work: () => Promise<T>, fail: (message: string) => void): Promise<T | undefined> {
    setBusy(true);
    try {
      return await work();
    } catch {
      fail("The file could not be sent to the server. Try again; if it keeps failing, publish it with the CLI.");
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function onCheck(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setPublished(null);
    if (!file) return setPreview({ ok: false, message: "Choose a .beacon file first." });
    if (file.size === 0) return setPreview({ ok: false, message: "This file is empty." });
    if (file.size > sendLimit) return setPreview({ ok: false, message: fileTooLarge(file.size, sendLimit) });
    const result = await run(
      () => previewDocumentUploadAction(formOf(file)),
      (message) => setPreview({ ok: false, message }),
    );
    if (result) setPreview(result);
  }

  async function onPublish() {
    if (!file || !preview?.ok) return;
    const result = await run(
      () => publishDocumentUploadAction(formOf(file)),
      (message) => setPublished({ ok: false, message }),
    );
    if (!result) return;
    setPublished(result);
    if (result.ok) {
      setPreview(null);
      router.refresh();
    }
  }

  return (
    <section id="upload" className={card} aria-labelledby="upload-title">
      <h2 id="upload-title" className="text-lg font-semibold">
        Publish a Beacon file
      </h2>
      <p className="text-sm text-slate-400">
        A <code className="font-mono">.beacon</code> document saved by the desktop app: see what it holds, then publish
        it as yours. The same checks as the API: a document of yours with the same Identifier gets a new revision.
      </p>
      <form onSubmit={(e) => void onCheck(e)} className="space-y-2">
        <label htmlFor={FIELD} className={label}>
          Beacon file
        </label>
        <input
          id={FIELD}
          name={FIELD}
          type="file"
          accept=".beacon,.json,application/json"
          className={input}
          aria-describedby={errorId(FIELD)}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setPreview(null);
          }}
        />
        <FieldError id={errorId(FIELD)} message={error} />
        <button type="submit" className={secondaryButton} disabled={busy}>
          {busy && !preview ? "Checking…" : "Check the file"}
        </button>
      </form>
      {preview?.ok && (
        <div className="space-y-3" data-testid="upload-preview">
          {preview.documents.map((d) => (
            <dl key={d.documentId} className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
              <dt className="text-slate-400">Title</dt>
              <dd className="font-semibold" data-testid="upload-title">
                {d.name}
              </dd>
              {d.description && (
                <>
                  <dt className="text-slate-400">Description</dt>
                  <dd>{d.description}</dd>
                </>
              )}
              <dt className="text-slate-400">Maps</dt>
              <dd data-testid="upload-maps">{d.maps.join(", ") || "Not set"}</dd>
              <dt className="text-slate-400">Loot sources</dt>
              <dd data-testid="upload-sources">
                {d.sources === null ? (
                  "None (not a loot document)"
                ) : (
                  <>
                    {countOf(d.sources.length, "loot source", "loot sources")},{" "}
                    {countOf(d.items, "different item", "different items")}
                    <ul className="list-disc pl-5">
                      {d.sources.map((s, i) => (
                        <li key={i} data-testid="upload-source">
                          {s.label}{" "}
                          <span className="text-slate-400">
                            ({countOf(s.itemSets, "item set", "item sets")}, {countOf(s.entries, "entry", "entries")})
                          </span>
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </dd>
              <dt className="text-slate-400">Publishing</dt>
              <dd data-testid="upload-effect">
                {d.replaces
                  ? `Replaces your document of this Identifier: revision ${d.replaces.revision + 1}.`
                  : "A new document of yours."}{" "}
                <span className="font-mono text-xs text-slate-400">{d.documentId}</span>
              </dd>
            </dl>
          ))}
          <button type="button" className={primaryButton} disabled={busy} onClick={() => void onPublish()}>
            {busy
              ? "Publishing…"
              : preview.documents.length === 1
                ? "Publish it"
                : `Publish all ${preview.documents.length}`}
          </button>
        </div>
      )}
      {published?.ok && (
        <p role="status" className="text-sm text-emerald-300" data-testid="upload-published">
          Published:{" "}
          {published.documents.map((d, i) => (
            <span key={d.documentId}>
              {i > 0 && ", "}
              <Link href={`/documents/${d.documentId}`} className={`font-semibold underline ${focus}`}>
                {d.name}
              </Link>{" "}
              (revision {d.revision})
            </span>
          ))}
          .
        </p>
      )}
    </section>
  );
}
