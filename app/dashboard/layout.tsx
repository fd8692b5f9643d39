/**
 * Everything under /dashboard needs a session (lib/dashboard/session.ts). Moderators and
 * operators also see their console's links; every author sees the moderators' notices
 * about their content above each page.
 */
import Link from "@/components/intent-link";
import type { ReactNode } from "react";
import { signOutAction } from "@/app/sign-in/actions";
import { focus, secondaryButton } from "@/components/dashboard/styles";
import { requireUser } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { expiresSoon, listTokens } from "@/lib/keys/tokens";
import { displayNameOf } from "@/lib/display-names/find-display-names";
import { ModerationNotices } from "@/components/moderation/moderation-notices";
import { moderationNotices } from "@/lib/moderation/appeals";
import { roleAllows, roleOf } from "@/lib/moderation/roles";

export const dynamic = "force-dynamic";

const links = [
  { href: "/dashboard", label: "My mods" },
  { href: "/dashboard/documents", label: "My documents" },
  { href: "/dashboard/webhooks", label: "Webhooks" },
  { href: "/dashboard/keys", label: "Keys" },
  { href: "/dashboard/tokens", label: "Tokens" },
  { href: "/dashboard/account", label: "Account" },
];

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const userId = await requireUser();
  const [name, role, notices, tokens] = await Promise.all([
    displayNameOf(db(), userId),
    roleOf(db(), userId),
    moderationNotices(db(), userId),
    listTokens(db(), userId),
  ]);
  // A token that lapses breaks its pipeline: say so a week before.
  const expiring = tokens.filter((t) => expiresSoon(t));
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
      {expiring.length > 0 && (
        <p
          role="note"
          className="rounded-lg border border-amber-400 p-3 text-sm text-amber-100"
          data-testid="token-expiry"
        >
          {expiring.map((t) => `"${t.name}" expires ${t.expires_at.slice(0, 16).replace("T", " ")} UTC`).join("; ")}:
          make a new token and put it in your pipeline before then (
          <Link href="/dashboard/tokens" className="underline">
            Tokens
          </Link>
          ).
        </p>
      )}
      {children}
    </div>
  );
}
