/** The validation issues by place: exactly (part and field), and counted under each part. */
import type { LootIssue } from "@/lib/loot/validate-loot";

export interface IssueIndex {
  exact: Map<string, LootIssue[]>;
  under: Map<string, { errors: number; warnings: number }>;
}

export const issueKey = (path: readonly number[], field?: string) => `${path.join(".")}|${field ?? ""}`;

export function indexIssues(issues: readonly LootIssue[]): IssueIndex {
  const exact = new Map<string, LootIssue[]>();
  const under = new Map<string, { errors: number; warnings: number }>();
  for (const issue of issues) {
    const key = issueKey(issue.path, issue.field);
    exact.set(key, [...(exact.get(key) ?? []), issue]);
    for (let depth = 0; depth <= issue.path.length; depth++) {
      const prefix = issue.path.slice(0, depth).join(".");
      const count = under.get(prefix) ?? { errors: 0, warnings: 0 };
      under.set(
        prefix,
        issue.severity === "error"
          ? { ...count, errors: count.errors + 1 }
          : { ...count, warnings: count.warnings + 1 },
      );
    }
  }
  return { exact, under };
}
