"use client";
/**
 * The ini checker's form: the game, both files pasted, and "give me the fixed files",
 * sent to the server action through useActionState, so it works without JavaScript too
 * (the page renders anew with the result). Findings are listed per file, by line, each
 * with what is wrong, why it matters and its fix when the doctor is sure of one.
 */
import { useActionState } from "react";
import { card, input, label, primaryButton } from "@/components/dashboard/styles";
import type { IniCheckFormState } from "@/lib/ini-doctor/check-form";
import type { IniFinding } from "@/lib/ini-doctor/check-ini";
import { fixDescription } from "@/lib/ini-doctor/fix-description";
import { countOf } from "@/lib/portal/format";

const SEVERITY: Record<IniFinding["severity"], { word: string; className: string }> = {
  error: { word: "Error", className: "text-rose-300" },
  warning: { word: "Warning", className: "text-amber-300" },
  info: { word: "Note", className: "text-sky-300" },
};

function Findings({ findings }: { findings: IniFinding[] }) {
  const files = [...new Set(findings.map((f) => f.file))];
  return (
    <>
      {files.map((file) => (
        <section key={file} aria-labelledby={`ini-findings-${file}`} className="space-y-2">
          <h3 id={`ini-findings-${file}`} className="font-semibold">
            {file}
          </h3>
          <ul className="space-y-2">
            {findings
              .filter((f) => f.file === file)
              .map((f, i) => (
                <li key={i} className="rounded border border-slate-800 p-2 text-sm" data-finding={f.code}>
                  <p>
                    <span className={`font-semibold ${SEVERITY[f.severity].className}`}>
                      {SEVERITY[f.severity].word}
                    </span>
                    {` · line ${f.line}${f.key ? ` · ${f.key}` : ""}: ${f.message}`}
                  </p>
                  <p className="text-slate-400">{f.why}</p>
                  {f.fix && <p className="text-emerald-300">{`Fix: ${fixDescription(f.fix)}`}</p>}
                  {f.suggestion && <p className="text-slate-300">{f.suggestion}</p>}
                </li>
              ))}
          </ul>
        </section>
      ))}
    </>
  );
}

export function IniCheckForm({
  action,
}: {
  action: (s: IniCheckFormState, f: FormData) => Promise<IniCheckFormState>;
}) {
  const [state, formAction, pending] = useActionState(action, {});
  const reply = state.reply;
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
          <Findings findings={reply.findings} />
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
