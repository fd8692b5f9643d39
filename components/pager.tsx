/** Previous / next links with "page X of Y": plain links, so paging works without JavaScript. */
import Link from "@/components/intent-link";

interface Props {
  page: number;
  pages: number;
  href: (page: number) => string;
}

// 44 px tall on a phone: a thumb's target.
const link =
  "inline-flex min-h-11 items-center rounded bg-slate-800 px-3 text-sm sm:min-h-0 sm:py-1.5 hover:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

export function Pager({ page, pages, href }: Props) {
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link href={href(Math.min(page - 1, pages))} rel="prev" className={link}>
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-300">
        Page {page} of {pages}
      </p>
      {page < pages ? (
        <Link href={href(page + 1)} rel="next" className={link}>
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
