/** Everything under /dashboard needs a session (lib/dashboard/session.ts). */
import Link from "next/link";
import type { ReactNode } from "react";
import { signOutAction } from "@/app/sign-in/actions";
import { focus, secondaryButton } from "@/components/dashboard/styles";
import { requireUser } from "@/lib/dashboard/session";

export const dynamic = "force-dynamic";

const links = [
  { href: "/dashboard", label: "My mods" },
  { href: "/dashboard/documents", label: "My documents" },
  { href: "/dashboard/account", label: "Account" },
];

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const userId = await requireUser();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-800 pb-3">
        <nav aria-label="Dashboard" className="flex flex-wrap gap-2">
          {links.map((l) => (
            <Link key={l.href} href={l.href} className={`rounded px-3 py-1.5 text-sm bg-slate-800 hover:bg-slate-700 ${focus}`}>
              {l.label}
            </Link>
          ))}
        </nav>
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-400">
          <span>
            Signed in as <code className="font-mono text-slate-200" data-testid="session-user">{userId}</code>
          </span>
          <form action={signOutAction}>
            <button type="submit" className={secondaryButton}>Sign out</button>
          </form>
        </div>
      </div>
      {children}
    </div>
  );
}
