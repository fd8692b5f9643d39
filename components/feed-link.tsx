/**
 * A visible link to a page's Atom feed (the `<link rel="alternate">` in its head is
 * invisible to most people): the feed icon, "Atom feed", and for screen readers what the
 * feed holds. A feed reader follows the page's changes without an account or a server.
 */
const focus = "focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

export function FeedLink({ href, what }: { href: string; what: string }) {
  return (
    <a
      href={href}
      type="application/atom+xml"
      className={`inline-flex min-h-11 items-center gap-1.5 text-sm text-amber-400 underline sm:min-h-0 ${focus}`}
      data-testid="feed-link"
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 shrink-0" fill="currentColor">
        <circle cx="3" cy="13" r="2" />
        <path d="M1 6.5v2.2A6.3 6.3 0 0 1 7.3 15h2.2A8.5 8.5 0 0 0 1 6.5Z" />
        <path d="M1 1.5v2.2A11.3 11.3 0 0 1 12.3 15h2.2A13.5 13.5 0 0 0 1 1.5Z" />
      </svg>
      Atom feed<span className="sr-only">: {what}</span>
    </a>
  );
}
