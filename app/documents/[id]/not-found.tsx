/** notFound() from a document's page, as client-side navigation shows it (the server renders app/not-found.tsx with the same words). */
import Link from "next/link";
import { DOCUMENT_NOT_FOUND } from "@/lib/portal/not-found-message";

export default function DocumentNotFound() {
  return (
    <section className="space-y-4" aria-labelledby="not-found-title">
      <p className="font-mono text-sm text-slate-400">404</p>
      <h1 id="not-found-title" className="text-2xl font-bold sm:text-3xl">
        {DOCUMENT_NOT_FOUND.title}
      </h1>
      <p className="text-slate-300">{DOCUMENT_NOT_FOUND.text}</p>
      <p>
        <Link
          href={DOCUMENT_NOT_FOUND.next.href}
          className="inline-block py-2 text-amber-400 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
        >
          {DOCUMENT_NOT_FOUND.next.label}
        </Link>
      </p>
    </section>
  );
}
