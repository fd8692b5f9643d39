/**
 * The site's 404 page, in the site's own look, readable without JavaScript. It reads the
 * request, so it is rendered per request: a statically prerendered 404 would carry no CSP
 * nonce and the browser would block its scripts. Every 404 is rendered here on the
 * server, a page's notFound() included (lib/server/error-page-recovery.ts), which passes
 * the address asked for, so the page can say what was missing.
 */
import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "@/components/intent-link";
import { notFoundMessage } from "@/lib/portal/not-found-message";
import { NOT_FOUND_PATH_HEADER } from "@/lib/server/not-found-header";

export const metadata: Metadata = { title: "Page not found" };

const link =
  "inline-block py-2 text-amber-400 underline hover:text-amber-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

export default async function NotFound() {
  const message = notFoundMessage((await headers()).get(NOT_FOUND_PATH_HEADER));
  const links = [
    message.next,
    { href: "/", label: "Home" },
    { href: "/spawn/", label: "Spawn codes" },
    { href: "/documents", label: "Documents" },
  ].filter((l, i, all) => all.findIndex((o) => o.href === l.href) === i);
  return (
    <section className="space-y-4" aria-labelledby="not-found-title">
      <p className="font-mono text-sm text-slate-400">404</p>
      <h1 id="not-found-title" className="text-2xl font-bold sm:text-3xl">
        {message.title}
      </h1>
      <p className="text-slate-300">{message.text}</p>
      <ul className="flex flex-wrap gap-x-6">
        {links.map((l) => (
          <li key={l.href}>
            <Link href={l.href} className={link}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
