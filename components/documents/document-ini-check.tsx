/**
 * A document's exported ini files as the ini doctor reads them (lib/documents/document-ini-check):
 * "nothing to fix", or its findings, each with its line, why and the fix, as on /tools/ini-check.
 */
import Link from "@/components/intent-link";
import { focus } from "@/components/dashboard/styles";
import { IniFindings } from "@/components/ini-doctor/ini-findings";
import type { DocumentIniCheck } from "@/lib/documents/document-ini-check";
import { countOf } from "@/lib/portal/format";

export function DocumentIniCheckSection({ check }: { check: DocumentIniCheck }) {
  const files = Object.keys(check.files);
  if (files.length === 0) return null;
  const errors = check.findings.filter((f) => f.severity === "error").length;
  return (
    <section aria-labelledby="ini-check-title" className="space-y-2" data-testid="document-ini-check">
      <h2 id="ini-check-title" className="text-lg font-semibold">
        Checked as a server reads it
      </h2>
      <p className="text-sm text-slate-300">
        {check.findings.length === 0
          ? `The ini doctor finds nothing to fix in the ${files.join(" and ")} this document exports.`
          : `The ini doctor finds ${countOf(check.findings.length, "thing", "things")} to look at (${countOf(errors, "error", "errors")}) in the ${files.join(" and ")} this document exports.`}{" "}
        <Link href="/tools/ini-check" className={`text-amber-400 underline ${focus}`}>
          Check your own files
        </Link>
      </p>
      {check.findings.length > 0 && <IniFindings findings={check.findings} files={check.files} />}
    </section>
  );
}
