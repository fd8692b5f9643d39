/**
 * /documents/<id>/settings[?group=g][&q=text]: a document's server settings, group by group,
 * generated from the option table (lib/server-config/settings-editor). Its author edits
 * them (each group a form; reset per field), imports Game.ini and GameUserSettings.ini
 * into it and chooses its game; anyone else reads them. Both files download from here.
 */
import type { Metadata } from "next";
import Link from "@/components/intent-link";
import { notFound } from "next/navigation";
import { visibleDocument } from "../visible-document";
import { ActionForm } from "@/components/dashboard/action-form";
import { focus } from "@/components/dashboard/styles";
import { IniFileFields } from "@/components/settings/ini-file-fields";
import { DocumentIniCheckSection } from "@/components/documents/document-ini-check";
import { documentIniCheck } from "@/lib/documents/document-ini-check";
import { SettingsForm, type SettingField } from "@/components/settings/settings-form";
import { currentUserId } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { readDocumentJson } from "@/lib/documents/document-content";
import { shownTitle } from "@/lib/documents/text-limits";
import { readDocumentConfig } from "@/lib/server-config/config-document";
import { INI_FILES } from "@/lib/server-config/options";
import {
  CUSTOM_GROUP,
  customFieldName,
  customText,
  editorGroups,
  fieldName,
  fieldViews,
  leftOutFor,
  settingsSummary,
} from "@/lib/server-config/settings-editor";
import { importSettingsAction, saveSettingsGroupAction, setGameAction } from "./settings-actions";

export const dynamic = "force-dynamic";

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// The primary, not a replica: the author saves from here and must see the revision saved.
const documentFor = (id: string) => visibleDocument(id, true, false);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const doc = await documentFor((await params).id);
  return { title: doc ? `Server settings: ${shownTitle(doc.name)}` : "Document not found" };
}

const GAME_NAMES = { ase: "ARK: Survival Evolved", asa: "ARK: Survival Ascended" } as const;
const link = `text-amber-400 underline ${focus}`;
const count = (v: string | string[] | undefined) => {
  const n = Number(Array.isArray(v) ? v[0] : v);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
};

export default async function SettingsPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const doc = await documentFor((await params).id);
  if (!doc) notFound();
  const query = await searchParams;
  const [json, userId] = await Promise.all([readDocumentJson(db(), doc.document_id), currentUserId()]);
  const isAuthor = userId === doc.user_id;
  const base = `/documents/${doc.document_id}`;
  if (json.state !== "parsed")
    return (
      <article className="space-y-4">
        <p>
          <Link href={base} className={link}>
            Back to the document
          </Link>
        </p>
        <h1 className="text-2xl font-bold">Server settings</h1>
        <p role="alert" className="text-rose-300">
          This document&apos;s content cannot be read as settings ({json.state}).
        </p>
      </article>
    );
  const { game, settings, problems } = readDocumentConfig(json.value);
  const groups = editorGroups(game);
  const summary = new Map(settingsSummary(settings, game).map((g) => [g.id, g]));
  const asked = Array.isArray(query.group) ? query.group[0] : query.group;
  const group = groups.find((g) => g.id === asked) ?? groups[0]!;
  const q = (Array.isArray(query.q) ? query.q[0] : query.q)?.trim().slice(0, 100) ?? "";
  const found = q
    ? groups.flatMap((g) =>
        g.options
          .filter((o) => `${o.key} ${o.description}`.toLowerCase().includes(q.toLowerCase()))
          .map((o) => ({ group: g, option: o })),
      )
    : [];
  const fields: SettingField[] =
    group.id === CUSTOM_GROUP
      ? INI_FILES.map((file) => ({
          name: customFieldName(file),
          key: `${file}: lines the table does not know`,
          type: "ini",
          value: customText(settings, file),
          place: `Written to ${file} as given, section headers included ([Section] then Key=Value lines).`,
          description: "",
          changed: false,
        }))
      : fieldViews(group, settings, game).map((v) => ({
          name: v.name,
          key: v.option.key,
          type: v.option.type,
          value: v.value,
          default: v.default,
          min: v.option.min,
          max: v.option.max,
          place: `${v.option.file} [${v.option.section}]`,
          description: v.option.description,
          changed: v.changed,
          otherGame: v.otherGame,
          deprecated: v.option.deprecated,
        }));
  const leftOut = leftOutFor(game);
  const created = count(query.created);
  const secrets = count(query.secrets);
  const custom = count(query.custom);
  const other = summary.get("other-game");
  const hidden = { document_id: doc.document_id, revision: String(doc.revision) };
  return (
    <article className="space-y-6" aria-labelledby="settings-title">
      <p>
        <Link href={base} className={`text-sm ${link}`}>
          Back to the document
        </Link>
      </p>
      <header className="space-y-1">
        <h1 id="settings-title" className="break-words text-2xl font-bold sm:text-3xl">
          Server settings: {shownTitle(doc.name)}
        </h1>
        <p className="text-sm text-slate-300">
          For <strong data-testid="game">{GAME_NAMES[game]}</strong> · revision {doc.revision} · {settings.length}{" "}
          {settings.length === 1 ? "setting" : "settings"}
        </p>
      </header>
      {created !== undefined && (
        <p role="status" className="rounded border border-emerald-700 p-3 text-sm text-emerald-200">
          Document created with {created} settings.
          {secrets
            ? ` ${secrets} passwords or other secrets in the files were left out: documents never store them.`
            : ""}
          {custom ? ` ${custom} keys the option table does not know are kept as custom lines.` : ""}
        </p>
      )}
      {query.merge === "empty" && (
        <p role="alert" className="text-sm text-rose-300">
          Nothing to merge: paste your GameUserSettings.ini or choose the file first.
        </p>
      )}
      {problems.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-amber-200">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {/* The settings as a server reads them; a loot document's crate lines are the loot editor's (its warnings). */}
      <DocumentIniCheckSection check={documentIniCheck(null, settings, game)} />
      <section aria-labelledby="export-title" className="space-y-2">
        <h2 id="export-title" className="text-lg font-semibold">
          Export
        </h2>
        <p className="flex flex-wrap gap-4 text-sm">
          <a href={`${base}/game.ini`} className={link} data-testid="export-game-ini">
            Game.ini
          </a>
          <a href={`${base}/gameusersettings.ini`} className={link} data-testid="export-gus-ini">
            GameUserSettings.ini
          </a>
        </p>
        <p className="text-xs text-slate-400">
          Each file holds this document&apos;s settings. To keep every other line of your own file (order, comments,
          sections), merge instead: each key is written once, in its section.
        </p>
        {INI_FILES.map((file) => (
          <form
            key={file}
            method="post"
            action={`${base}/${file.toLowerCase()}`}
            encType="multipart/form-data"
            className="space-y-1"
          >
            <label htmlFor={`merge-${file}`} className="text-sm font-medium">
              Merge into your {file}
            </label>
            <textarea
              id={`merge-${file}`}
              name="ini"
              rows={3}
              spellCheck={false}
              className="w-full rounded border border-slate-600 bg-slate-900 px-2 py-1.5 font-mono text-sm"
              placeholder={`Paste your ${file}, or choose it below`}
            />
            <div className="flex flex-wrap items-center gap-2 text-xs text-slate-400">
              <label>
                Or choose it: <input type="file" name="iniFile" accept=".ini,text/plain" className="text-xs" />
              </label>
              <button
                type="submit"
                className="min-h-11 rounded bg-slate-800 px-3 text-sm text-slate-100 sm:min-h-0 sm:py-1.5"
              >
                Merge and download {file}
              </button>
            </div>
          </form>
        ))}
      </section>
      {game === "asa" && leftOut.length > 0 && (
        <p className="text-sm text-slate-300" data-testid="left-out">
          {leftOut.length} keys the option table gives to ARK: Survival Evolved only are not offered here:{" "}
          <span className="font-mono text-xs">
            {leftOut
              .slice(0, 12)
              .map((o) => o.key)
              .join(", ")}
            {leftOut.length > 12 ? ", …" : ""}
          </span>
        </p>
      )}
      {other && (
        <p className="text-sm text-amber-200" data-testid="other-game">
          This document sets {other.set} {other.set === 1 ? "key" : "keys"} the table gives to the other game only (
          {other.differ.map((d) => d.key).join(", ")}); they are kept and exported as they are.
        </p>
      )}
      <form method="get" className="flex flex-wrap items-end gap-2" role="search">
        <input type="hidden" name="group" value={group.id} />
        <label className="flex flex-col text-sm">
          Find a setting
          <input
            name="q"
            defaultValue={q}
            className="min-h-11 rounded border border-slate-600 bg-slate-900 px-2 sm:min-h-0"
          />
        </label>
        <button type="submit" className="min-h-11 rounded bg-slate-800 px-3 text-sm sm:min-h-0 sm:py-1.5">
          Find
        </button>
      </form>
      {q && (
        <section aria-labelledby="found-title" className="space-y-2">
          <h2 id="found-title" className="text-lg font-semibold">
            {found.length} settings match “{q}”
          </h2>
          <ul className="space-y-1 text-sm">
            {found.slice(0, 50).map(({ group: g, option: o }) => (
              <li key={`${g.id}-${o.file}-${o.key}`}>
                <Link href={`?group=${g.id}#${fieldName(o)}`} className={`font-mono ${link}`}>
                  {o.key}
                </Link>{" "}
                <span className="text-slate-400">in {g.label}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Setting groups">
          <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-0.5">
            {groups.map((g) => {
              const s = summary.get(g.id);
              return (
                <li key={g.id}>
                  <Link
                    href={`?group=${g.id}`}
                    aria-current={g.id === group.id ? "page" : undefined}
                    className={`inline-block rounded px-2 py-1.5 text-sm ${g.id === group.id ? "bg-amber-400 font-semibold text-slate-950" : "text-amber-300 hover:bg-slate-800"} ${focus}`}
                  >
                    {g.label}
                    {s && <span className="ml-1 text-xs">({s.differ.length} changed)</span>}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <section aria-labelledby="group-title" className="min-w-0 space-y-3">
          <h2 id="group-title" className="text-xl font-semibold">
            {group.label}
          </h2>
          {!isAuthor && (
            <p className="text-sm text-slate-300">
              Only the document&apos;s author changes its settings.{" "}
              {userId ? (
                ""
              ) : (
                <Link href={`/sign-in?next=${encodeURIComponent(`${base}/settings`)}`} className={link}>
                  Sign in
                </Link>
              )}
            </p>
          )}
          <SettingsForm
            action={saveSettingsGroupAction}
            id="settings"
            hidden={{ ...hidden, group: group.id }}
            fields={fields}
            submitLabel={`Save ${group.label.toLowerCase()}`}
            editable={isAuthor}
          />
        </section>
      </div>
      {isAuthor && (
        <>
          <section aria-labelledby="import-title" className="space-y-2 rounded-lg border border-slate-800 p-4">
            <h2 id="import-title" className="text-lg font-semibold">
              Import ini files
            </h2>
            <p className="text-sm text-slate-300">
              The settings of each file given replace this document&apos;s settings of that file; loot stays. Passwords
              and other secrets are left out, never stored.
            </p>
            <IniFileFields action={importSettingsAction} hidden={hidden} submitLabel="Import" />
          </section>
          <section aria-labelledby="game-title" className="space-y-2 rounded-lg border border-slate-800 p-4">
            <h2 id="game-title" className="text-lg font-semibold">
              Game
            </h2>
            <ActionForm
              action={setGameAction}
              id="game"
              hidden={hidden}
              fields={[
                {
                  name: "game",
                  label: "This document is for",
                  type: "radio",
                  options: ["ase", "asa"],
                  defaultValue: game,
                  hint: "ase: ARK: Survival Evolved · asa: ARK: Survival Ascended. Settings of the other game's keys are kept, and listed.",
                },
              ]}
              submitLabel="Change the game"
              variant="secondary"
            />
          </section>
        </>
      )}
    </article>
  );
}
