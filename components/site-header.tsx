import Link from "next/link";

export function SiteHeader() {
  return (
    <header className="border-b border-slate-800">
      <nav aria-label="Main" className="mx-auto flex max-w-5xl items-center gap-6 px-4 py-3">
        <Link href="/" className="font-semibold text-amber-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400">
          Beacon Hub
        </Link>
      </nav>
    </header>
  );
}
