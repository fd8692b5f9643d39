/**
 * The site's 404 page, in the site's own look, readable without JavaScript. It reads the
 * request (connection()), so it is rendered per request: a statically prerendered 404
 * would carry no CSP nonce and the browser would block its scripts.
 */
import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";

export const metadata: Metadata = { title: "Page not found" };

const link = "text-amber-400 underline hover:text-amber-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

export default async function NotFound() {
  await connection();
  return (
    <section className="space-y-4" aria-labelledby="not-found-title">
      <p className="font-mono text-sm text-slate-400">404</p>
      <h1 id="not-found-title" className="text-2xl font-bold sm:text-3xl">
        This page does not exist
      </h1>
      <p className="text-slate-300">The address may be mistyped, or what it pointed to was removed.</p>
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <Link href="/" className={link}>
            Home
          </Link>
        </li>
        <li>
          <Link href="/spawn/" className={link}>
            Spawn codes
          </Link>
        </li>
        <li>
          <Link href="/documents" className={link}>
            Documents
          </Link>
        </li>
      </ul>
    </section>
  );
}
