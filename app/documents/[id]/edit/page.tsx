/**
 * /documents/<id>/edit: the loot editor on a document. Its author saves a new revision;
 * anyone else signed in gets a copy (a new document of theirs) and is told so.
 */
import type { Metadata } from "next";
import Link from "@/components/intent-link";
import { notFound } from "next/navigation";
import { gameDefaultAction, saveLootAction } from "@/app/documents/editor-actions";
import { focus } from "@/components/dashboard/styles";
import { LootEditor } from "@/components/loot-editor/loot-editor";
import { NeedsJavaScript } from "@/components/loot-editor/needs-javascript";
import { SignInNeeded } from "@/components/loot-editor/sign-in-needed";
import { currentUserId } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { startEditor } from "@/lib/loot-editor/start-editor";
import { isUuid } from "@/lib/uuid";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Edit loot document" };

export default async function EditDocumentPage({ params }: { params: Promise<{ id: string }> }) {
  const id = (await params).id;
  if (!isUuid(id)) notFound();
  const userId = await currentUserId();
  const back = (
    <p>
      <Link href={`/documents/${id.toLowerCase()}`} className={`text-sm text-amber-400 underline ${focus}`}>
        Back to the document
      </Link>
    </p>
  );
  if (!userId) {
    return (
      <section className="space-y-6">
        {back}
        <h1 className="text-2xl font-bold sm:text-3xl">Edit loot document</h1>
        <SignInNeeded next={`/documents/${id.toLowerCase()}/edit`} what="edit loot documents" />
      </section>
    );
  }
  const outcome = await startEditor(db(), { userId, source: { kind: "document", id, edit: true } });
  if (!outcome.ok && outcome.reason === "not-found") notFound();
  return (
    <section className="space-y-6">
      {back}
      <h1 className="break-words text-2xl font-bold sm:text-3xl">
        {!outcome.ok
          ? "Edit loot document"
          : outcome.start.mode === "update"
            ? `Edit “${outcome.start.doc.title}”`
            : "Copy of a loot document"}
        {outcome.ok && outcome.start.revision !== null && (
          <span className="block text-sm font-normal text-slate-400">revision {outcome.start.revision}</span>
        )}
      </h1>
      <NeedsJavaScript />
      {outcome.ok ? (
        <LootEditor start={outcome.start} saveAction={saveLootAction} gameDefaultAction={gameDefaultAction} />
      ) : (
        <p role="alert" className="text-rose-300">
          {outcome.message}
        </p>
      )}
    </section>
  );
}
