"use client";
/** notFound() from an item or creature page, as client-side navigation shows it (the server renders app/not-found.tsx with the same words). */
import Link from "next/link";
import { usePathname } from "next/navigation";
import { notFoundMessage } from "@/lib/portal/not-found-message";

export default function EntryNotFound() {
  const message = notFoundMessage(usePathname());
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
