/**
 * Authors have no names in the v1 model, only user ids: show the first block of the id
 * (enough to tell authors apart at a glance) and link to their documents.
 */
import Link from "next/link";

export function AuthorLink({ userId }: { userId: string }) {
  const short = userId.slice(0, 8);
  return (
    <Link
      href={`/documents?author=${userId}`}
      title={userId}
      aria-label={`Documents by user ${short}`}
      className="font-mono text-amber-300 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
    >
      user {short}
    </Link>
  );
}
