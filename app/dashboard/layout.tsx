/**
 * Everything under /dashboard needs a session (lib/dashboard/session.ts). Moderators and
 * operators also see their console's links; every author sees the moderators' notices
 * about their content above each page.
 */
import Link from "next/link";
import type { ReactNode } from "react";
import { signOutAction } from "@/app/sign-in/actions";
import { focus, secondaryButton } from "@/components/dashboard/styles";
import { requireUser } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { displayNameOf } from "@/lib/display-names/find-display-names";
import { ModerationNotices } from "@/components/moderation/moderation-notices";
import { moderationNotices } from "@/lib/moderation/appeals";
import { roleAllows, roleOf } from "@/lib/moderation/roles";

export const dynamic = "force-dynamic";

const links = [
  { href: "/dashboard", label: "My mods" },
  { href: "/dashboard/documents", label: "My documents" },
  { href: "/dashboard/webhooks", label: "Webhooks" },
  { href: "/dashboard/account", label: "Account" },
];

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const userId = await requireUser();
  const [name, role, notices] = await Promise.all([
    displayNameOf(db(), userId),
    roleOf(db(), userId),
    moderationNotices(db(), userId),
  ]);
  const shown = [
    ...links,
    ...(roleAllows(role, "moderator") ? [{ href: "/dashboard/moderation", label: "Moderation" }] : []),
    ...(roleAllows(role, "operator") ? [{ href: "/dashboard/moderation/audit", label: "Audit trail" }] : []),
  ];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-800 pb-3">
        <nav aria-label="Dashboard" className="flex flex-wrap gap-2">
          {shown.map((l) => (
            <Link
              key={l.href}
              href={l.href}
              className={`flex min-h-11 items-center rounded bg-slate-800 px-3 text-sm hover:bg-slate-700 sm:min-h-0 sm:py-1.5 ${focus}`}
            >
              {l.label}
            </Link>
          ))}
        </nav>
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-400">
          <span>
            Signed in as {name && <strong className="text-slate-200">{name} </strong>}
            <code className="break-all font-mono text-slate-200" data-testid="session-user">
              {userId}
            </code>
          </span>
          <form action={signOutAction}>
            <button type="submit" className={secondaryButton}>
              Sign out
            </button>
          </form>
        </div>
      </div>
      <ModerationNotices notices={notices} />
      {children}
    </div>
  );
}
