/**
 * The two readings of a count's power curve (docs/LOOT.md#counts) as links: a crate's page
 * and a document's odds switch the rule with them, no JavaScript needed.
 */
import Link from "@/components/intent-link";
import type { CountRule } from "@/lib/loot/odds/count-rule";

const RULES: { rule: CountRule; label: string }[] = [
  { rule: "rounded", label: "Rounded power curve (default)" },
  { rule: "uniform", label: "Every count equally likely" },
];

export function CountRuleLinks({
  rule,
  href,
  linkClass,
}: {
  rule: CountRule;
  href: (rule: CountRule) => string;
  linkClass: string;
}) {
  return (
    <nav aria-label="Count rule" className="flex flex-wrap gap-x-4 text-sm">
      <span className="py-2 text-slate-400">Counts drawn by:</span>
      {RULES.map((r) =>
        r.rule === rule ? (
          <span key={r.rule} aria-current="true" className="py-2 font-semibold text-amber-200">
            {r.label}
          </span>
        ) : (
          <Link key={r.rule} href={href(r.rule)} className={`py-2 ${linkClass}`}>
            {r.label}
          </Link>
        ),
      )}
    </nav>
  );
}
