import Link from "next/link";

const focus = "rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

export function SiteHeader() {
  return (
    <header className="border-b border-slate-800">
      <nav aria-label="Main" className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link href="/" className={`font-semibold text-amber-400 ${focus}`}>
          Beacon Hub
        </Link>
        <Link href="/spawn/" className={`text-sm text-slate-200 hover:text-amber-300 ${focus}`}>
          Spawn codes
        </Link>
        <Link href="/documents" className={`text-sm text-slate-200 hover:text-amber-300 ${focus}`}>
          Documents
        </Link>
        <Link href="/dashboard" className={`text-sm text-slate-200 hover:text-amber-300 ${focus}`}>
          Dashboard
        </Link>
      </nav>
    </header>
  );
}
