/**
 * The ini doctor's findings (lib/ini-doctor/check-ini.ts) grouped by severity, errors first;
 * each names its file and line and shows that line, marked, with why it matters and the fix
 * when the doctor is sure of one. The checker's page and a document's page show them alike.
 */
import type { IniFinding } from "@/lib/ini-doctor/check-ini";
import { fixDescription } from "@/lib/ini-doctor/fix-description";
import type { IniFile } from "@/lib/server-config/options";

const SEVERITY: Record<IniFinding["severity"], { word: string; group: string; className: string }> = {
  error: { word: "Error", group: "Errors: the game ignores or misreads these", className: "text-rose-300" },
  warning: { word: "Warning", group: "Warnings: worth a look", className: "text-amber-300" },
  info: { word: "Note", group: "Notes", className: "text-sky-300" },
};
const SEVERITY_ORDER: IniFinding["severity"][] = ["error", "warning", "info"];

/** Findings grouped by severity, errors first; each names its file and line and shows that line. */
export function IniFindings({ findings, files }: { findings: IniFinding[]; files: Partial<Record<IniFile, string>> }) {
  const lines = new Map(Object.entries(files).map(([file, text]) => [file, text.split("\n")]));
  return (
    <>
      {SEVERITY_ORDER.filter((severity) => findings.some((f) => f.severity === severity)).map((severity) => {
        const group = findings
          .filter((f) => f.severity === severity)
          .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
        return (
          <section key={severity} aria-labelledby={`ini-findings-${severity}`} className="space-y-2">
            <h3 id={`ini-findings-${severity}`} className={`font-semibold ${SEVERITY[severity].className}`}>
              {`${SEVERITY[severity].group} (${group.length})`}
            </h3>
            <ul className="space-y-2">
              {group.map((f, i) => {
                const text = lines.get(f.file)?.[f.line - 1];
                return (
                  <li key={i} className="rounded border border-slate-800 p-2 text-sm" data-finding={f.code}>
                    <p>
                      <span className={`font-semibold ${SEVERITY[f.severity].className}`}>
                        {SEVERITY[f.severity].word}
                      </span>
                      {` · ${f.file} · line ${f.line}${f.key ? ` · ${f.key}` : ""}: ${f.message}`}
                    </p>
                    {text !== undefined && text.trim() !== "" && (
                      // Focusable: a long line (a crate's loot) scrolls, and a keyboard must reach what it hides.
                      <pre tabIndex={0} className="overflow-x-auto rounded bg-slate-950 px-2 py-1 font-mono text-xs">
                        <span className="mr-2 text-slate-400 select-none" aria-hidden="true">
                          {f.line}
                        </span>
                        <mark className="bg-amber-400/20 text-amber-100">{text}</mark>
                      </pre>
                    )}
                    <p className="text-slate-400">{f.why}</p>
                    {f.fix && <p className="text-emerald-300">{`Fix: ${fixDescription(f.fix)}`}</p>}
                    {f.suggestion && <p className="text-slate-300">{f.suggestion}</p>}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </>
  );
}
