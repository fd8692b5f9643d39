"use client";
/**
 * A page that failed on the server or in the browser: the site's own look, a way back,
 * and the error's digest (the id in the server's log), never its message or stack.
 */
import Link from "@/components/intent-link";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <section className="space-y-4" aria-labelledby="error-title">
      <p className="font-mono text-sm text-slate-400">500</p>
      <h1 id="error-title" className="text-2xl font-bold sm:text-3xl">
        Something went wrong on our side
      </h1>
      <p className="text-slate-300">
        The page could not be shown. Trying again often works; if it keeps failing, tell the people who run this server
        {error.digest ? ` and give them the code ${error.digest}` : ""}.
      </p>
      <p className="flex flex-wrap gap-4">
        <button
          type="button"
          onClick={reset}
          className="rounded bg-amber-400 px-4 py-2 font-semibold text-slate-950 hover:bg-amber-300"
        >
          Try again
        </button>
        <Link href="/" className="px-1 py-2 text-amber-400 underline hover:text-amber-300">
          Home
        </Link>
      </p>
    </section>
  );
}
