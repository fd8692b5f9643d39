/**
 * A notFound() as client-side navigation shows it: the words of lib/portal/not-found-message
 * (the server's app/not-found.tsx renders the same words) and one link on.
 */
import Link from "@/components/intent-link";
import type { NotFoundMessage } from "@/lib/portal/not-found-message";

export function NotFoundSection({ message }: { message: NotFoundMessage }) {
  return (
    <section className="space-y-4" aria-labelledby="not-found-title">
      <p className="font-mono text-sm text-slate-400">404</p>
      <h1 id="not-found-title" className="text-2xl font-bold sm:text-3xl">
        {message.title}
      </h1>
      <p className="text-slate-300">{message.text}</p>
      <p>
        <Link
          href={message.next.href}
          className="inline-block py-2 text-amber-400 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
        >
          {message.next.label}
        </Link>
      </p>
    </section>
  );
}
