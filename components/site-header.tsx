import Link from "@/components/intent-link";

const focus = "rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";
// One line at 390 px (narrower gaps on a phone), and links tall enough for a thumb.
const link = `py-2 text-sm text-slate-200 hover:text-amber-300 ${focus}`;

export function SiteHeader() {
  return (
    <header className="border-b border-slate-800">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-3 px-4 py-1 sm:gap-x-6 sm:py-2"
      >
        <Link href="/" className={`py-2 font-semibold text-amber-400 ${focus}`}>
          Beacon Hub
        </Link>
        <Link href="/spawn/" className={link}>
          Spawn codes
        </Link>
        <Link href="/documents" className={link}>
          Documents
        </Link>
        <Link href="/dashboard" className={link}>
          Dashboard
        </Link>
      </nav>
    </header>
  );
}
