// Pages that never break (docs/PORTAL.md#pages-that-never-break), over HTTP on the production server: a page's
// notFound() and a page that fails are real HTML, readable without JavaScript, instead
// of Next.js's empty error shell (lib/server/error-page-recovery.ts); other replies pass
// as they were (compressed, streamed). SQLite only: the code is the same for both
// engines, and the failing page needs a database this test may break (its own).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sqlitePath } from "@/lib/config";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { startServer, type TestServer } from "../support/test-server";

const MISSING = "/documents/00000000-0000-4000-8000-000000000000";

describe.runIf(inject("engine") === "sqlite")("error pages", () => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite", "error_pages");
    server = await startServer({ DATABASE_URL: database.url });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    fetch(`${server.url}${path}`, { method, headers, redirect: "manual" });
  /** The body (fetch undoes a Content-Encoding itself). */
  const raw = async (res: Response) => Buffer.from(await res.arrayBuffer());

  function expectRealPage(html: string, csp: string | null) {
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(html).not.toContain('id="__next_error__"');
    expect(html.match(/<title>/g)).toHaveLength(1);
    const nonce = /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  }

  it("a page's notFound() is the site's 404 page as HTML, with its own nonce, compressed or not", async () => {
    for (const encoding of ["identity", "gzip"]) {
      const res = await get(MISSING, { "accept-encoding": encoding });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const html = (await raw(res)).toString("utf8");
      expectRealPage(html, res.headers.get("content-security-policy"));
      expect(html).toMatch(/<h1[^>]*>Document not found<\/h1>/);
      expect(html).toContain('href="/documents"');
    }
    const mod = await (await get("/spawn/?mod_id=987654321")).text();
    expect(mod).toMatch(/<h1[^>]*>This mod is not registered<\/h1>/);
  });

  it("leaves every other reply as it was: HEAD, an unmatched address, a 200 page", async () => {
    const head = await get(MISSING, {}, "HEAD");
    expect(head.status).toBe(404);
    expect((await raw(head)).length).toBe(0);
    const unmatched = await get("/no/such/page", { "accept-encoding": "gzip" });
    expect(unmatched.status).toBe(404);
    expect(unmatched.headers.get("content-encoding")).toBe("gzip");
    const html = await unmatched.text();
    expectRealPage(html, unmatched.headers.get("content-security-policy"));
    expect(html).toMatch(/<h1[^>]*>This page does not exist<\/h1>/);
    const listing = await get("/documents", { "accept-encoding": "gzip" });
    expect(listing.status).toBe(200);
    expect(listing.headers.get("content-encoding")).toBe("gzip");
    expect(await listing.text()).toContain("<h1");
  });

  it("public/ is served at the root (favicon.ico and the icons), beside robots.txt and the manifest", async () => {
    const root = join(import.meta.dirname, "../..");
    for (const file of ["favicon.ico", "apple-touch-icon.png", "icon-192.png", "icon-512.png"]) {
      const res = await get(`/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get("content-type"), file).toMatch(
        file.endsWith(".ico") ? /^image\/(x-icon|vnd.microsoft.icon)/ : /^image\/png/,
      );
      expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(root, "public", file))), file).toBe(true);
    }
    const robots = await get("/robots.txt");
    expect(robots.status).toBe(200);
    expect(await robots.text()).toMatch(/Disallow: \/v1\/[\s\S]*Sitemap: http/);
    const manifest = await get("/manifest.webmanifest");
    expect(manifest.status).toBe(200);
    const icons = ((await manifest.json()) as { icons: { src: string }[] }).icons.map((i) => i.src);
    expect(icons).toEqual(["/icon.svg", "/icon-192.png", "/icon-512.png"]);
    for (const src of icons) expect((await get(src)).status, src).toBe(200);
  });

  it("a page that fails is a readable 500 page with the error's digest and nothing internal", async () => {
    // Break the server's database under it: the listing's table is gone. A listing no
    // test asked for before, as the ones rendered already are kept in memory
    // (lib/server/page-cache.ts) and a renamed table moves no data version.
    const conn = new Database(sqlitePath(database.url));
    conn.exec('ALTER TABLE "documents" RENAME TO "documents_gone"');
    conn.close();
    for (const encoding of ["identity", "gzip"]) {
      const res = await get("/documents?sort=downloads", { "accept-encoding": encoding });
      expect(res.status).toBe(500);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(res.headers.get("content-security-policy")).toContain("script-src");
      const html = (await raw(res)).toString("utf8");
      expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain("<h1>Something went wrong on our side</h1>");
      expect(html).toContain('<a href="/">Home</a>');
      expect(html).not.toContain("<script");
      expect(html).not.toMatch(/documents_gone|SQLITE|no such table|prisma/i);
      const digest = /give them the code <code>([^<]+)<\/code>/.exec(html)?.[1];
      expect(digest).toBeTruthy();
      // The digest is the id the server logged the error under.
      expect(server.logs()).toContain(digest);
    }
    expect((await raw(await get("/documents", {}, "HEAD"))).length).toBe(0);
  });
});
