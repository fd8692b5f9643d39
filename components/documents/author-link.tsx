/**
 * An author: their display name when they set one (lib/display-names), otherwise the
 * first block of their user id (enough to tell authors apart at a glance), linking to
 * their documents by id (names can change; ids cannot). Rendered as text: escaped.
 */
import Link from "@/components/intent-link";
import { authorLabel } from "@/lib/display-names/display-name-rules";

export function AuthorLink({ userId, name }: { userId: string; name?: string | null }) {
  const label = authorLabel(userId, name);
  return (
    <Link
      href={`/documents?author=${userId}`}
      title={userId}
      aria-label={`Documents by ${label}`}
      className={`${name ? "" : "font-mono "}text-amber-300 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400`}
    >
      {label}
    </Link>
  );
}
