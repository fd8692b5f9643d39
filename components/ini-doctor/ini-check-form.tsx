"use client";
/**
 * The ini checker's form: the game, both files pasted, and "give me the fixed files",
 * sent to the server action through useActionState, so it works without JavaScript too
 * (the page renders anew with the result). Findings are grouped by severity, errors first,
 * each with its file, its line (shown, marked), what is wrong, why it matters and its fix
 * when the doctor is sure of one; the fixed files come with the lines the fixes changed.
 */
import { useActionState } from "react";
import { card, input, label, primaryButton, secondaryButton } from "@/components/dashboard/styles";
import { crateOverrideCount, handOffGameIni, INI_HANDOFF_PATH } from "@/components/loot-editor/ini-handoff";
import type { IniCheckFormState } from "@/lib/ini-doctor/check-form";
import { countOf } from "@/lib/portal/format";
import type { IniFile } from "@/lib/server-config/options";
import { lineDiff } from "@/lib/text/line-diff";
import { IniFindings } from "./ini-findings";

/** What the fixes changed in one file: its removed and added lines (lib/text/line-diff.ts). */
function FixDiff({ file, before, after }: { file: string; before: string; after: string }) {
  const diff = lineDiff(before, after);
  const changed = diff?.filter((l) => l.kind !== "same") ?? [];
  if (diff && changed.length === 0) return null;
  return (
    <details className="text-sm" open>
      <summary className="cursor-pointer py-2 font-medium">{`What the fixes changed in ${file}`}</summary>
      {diff === null ? (
        <p className="text-slate-300">Too many changes to list: compare the two files.</p>
      ) : (
        <ul
          className="overflow-x-auto rounded bg-slate-950 p-2 font-mono text-xs"
          aria-label={`Lines changed in ${file}`}
          data-testid={`ini-diff-${file}`}
        >
          {changed.map((l, i) => (
            <li key={i} className={l.kind === "removed" ? "text-rose-300" : "text-emerald-300"}>
              <span aria-hidden="true">{l.kind === "removed" ? "− " : "+ "}</span>
              <span className="sr-only">{l.kind === "removed" ? "Removed: " : "Added: "}</span>
              {l.text || "(empty line)"}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

/**
 * A Game.ini that overrides crates can become a loot document: its lines are handed to the
 * new document page's Game.ini box (components/loot-editor/ini-handoff.ts), where the editor
 * reads them and saving makes the document. Needs JavaScript, as the editor does.
 */
function OpenInEditor({ gameIni }: { gameIni: string }) {
  const crates = crateOverrideCount(gameIni);
  if (crates === 0) return null;
  return (
    <section aria-labelledby="ini-editor-title" className={`${card} space-y-2`} data-testid="ini-open-editor">
      <h2 id="ini-editor-title" className="text-lg font-semibold">
        Save the loot as a document
      </h2>
      <p className="text-sm text-slate-300">
        {`Your Game.ini overrides ${countOf(crates, "crate", "crates")}. Open them in the loot editor to see and change what each crate drops, and save them as a document you can share and export again.`}
      </p>
      <button
        type="button"
        className={secondaryButton}
        onClick={() => {
          handOffGameIni(gameIni);
          window.location.assign(INI_HANDOFF_PATH);
        }}
      >
        Open the loot in the editor
      </button>
    </section>
  );
}

export function IniCheckForm({
  action,
}: {
  action: (s: IniCheckFormState, f: FormData) => Promise<IniCheckFormState>;
}) {
  const [state, formAction, pending] = useActionState(action, {});
  const reply = state.reply;
  // The files as checked (the form state keeps them): the findings' lines and the fixes' diff.
  const checked: Partial<Record<IniFile, string>> = {
    "Game.ini": state.gameIni ?? "",
    "GameUserSettings.ini": state.gameUserSettings ?? "",
  };
  return (
    <div className="space-y-6">
      <form action={formAction} className={`${card} space-y-4`}>
        <div className="space-y-1">
          <label htmlFor="ini-game" className={label}>
            Game
          </label>
          <select id="ini-game" name="game" defaultValue={state.game ?? "ase"} className={input}>
            <option value="ase">ARK: Survival Evolved</option>
            <option value="asa">ARK: Survival Ascended</option>
          </select>
        </div>
        {(
          [
            ["game_ini", "Game.ini", state.gameIni],
            ["game_user_settings", "GameUserSettings.ini", state.gameUserSettings],
          ] as const
        ).map(([name, file, value]) => (
          <div key={name} className="space-y-1">
            <label htmlFor={`ini-${name}`} className={label}>
              {file}
            </label>
            <textarea
              id={`ini-${name}`}
              name={name}
              rows={8}
              defaultValue={value ?? ""}
              spellCheck={false}
              className={`${input} font-mono`}
              placeholder={`Paste your server's ${file} here`}
            />
          </div>
        ))}
        <label className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
          <input
            type="checkbox"
            name="fix"
            value="yes"
            defaultChecked={state.fix}
            className="size-4 accent-amber-400"
          />
          Also give me the files with every certain fix applied
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={primaryButton} disabled={pending}>
            {pending ? "Checking…" : "Check"}
          </button>
          {state.error && (
            <p role="alert" className="text-sm text-rose-300">
              {state.error}
            </p>
          )}
        </div>
      </form>
      {reply && (
        <section aria-labelledby="ini-result-title" className="space-y-4" data-testid="ini-result">
          <div role="status">
            <h2 id="ini-result-title" className="text-xl font-semibold">
              {reply.findings.length === 0
                ? "No problem found"
                : `${countOf(reply.findings.length, "finding", "findings")}, ${countOf(reply.errors, "error", "errors")}`}
            </h2>
          </div>
          <IniFindings findings={reply.findings} files={checked} />
          <OpenInEditor gameIni={checked["Game.ini"] ?? ""} />
          {reply.fixed && (
            <section aria-labelledby="ini-fixed-title" className="space-y-3">
              <h2 id="ini-fixed-title" className="text-xl font-semibold">
                {`The files with ${countOf(reply.fixed.applied, "fix", "fixes")} applied`}
              </h2>
              {Object.entries(reply.fixed.files).map(([file, text]) => (
                <div key={file} className="space-y-1">
                  <label htmlFor={`ini-fixed-${file}`} className={label}>
                    {`${file}, fixed`}
                  </label>
                  <textarea id={`ini-fixed-${file}`} readOnly rows={8} value={text} className={`${input} font-mono`} />
                  <FixDiff file={file} before={checked[file as IniFile] ?? ""} after={text} />
                </div>
              ))}
              {reply.fixed.launch_options.length > 0 && (
                <p className="text-sm">
                  {"Add to the server's launch line: "}
                  <code className="break-all">{reply.fixed.launch_options.join(" ")}</code>
                </p>
              )}
            </section>
          )}
        </section>
      )}
    </div>
  );
}
