/**
 * usage: tsx scripts/phone-speed.ts [--runs N (3)] [--base-url URL] [--pages a,b] [--json FILE]
 *
 * The portal's pages on a throttled phone profile, in Debian's Chromium through the
 * DevTools protocol: CPU slowed 4x, 1.6 Mbps down, 750 kbps up, 150 ms latency, a 390x844
 * screen, a fresh browser context (empty cache) for every load. For each page, the
 * median of N loads of: first contentful paint, the load event, the page's ready mark
 * (when its controls respond: `spawn-ready` on /spawn/, `entry-ready` on an item or
 * creature page; the load event elsewhere), JavaScript bytes and all bytes over the wire,
 * and the number of requests.
 *
 * Without --base-url it builds if stale, starts the production server on a fresh SQLite
 * database with the base game's catalogue (2,129 items, 1,168 creatures) and one
 * published document (lib/loot/templates/default-loot.beacon), and stops it at the end.
 * Reported, not asserted: the machine is shared (docs/BENCHMARKS.md, "Phone speed").
 */
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { createClient } from "@/lib/client/http";
import { newIdentity, publicKeyPem } from "@/lib/client/identity";
import { migrate } from "@/lib/db/migrate";
import { createTestDatabase, type TestDatabase } from "../test/support/databases";
import { ROOT, startServer, type TestServer } from "../test/support/test-server";
import { scriptArgs } from "./lib/script-args";
import { median } from "./lib/timing";

const args = scriptArgs(import.meta.url);
const runs = args.number("runs", 3);

/** The profile of issue 46: a mid-range phone on a slow mobile network. */
export const PHONE_PROFILE = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: 1_600_000 / 8,
  uploadBytesPerSecond: 750_000 / 8,
  viewport: { width: 390, height: 844 },
};

interface Load {
  firstPaintMs: number;
  loadMs: number;
  readyMs: number;
  jsBytes: number;
  totalBytes: number;
  requests: number;
}

const READY_MARKS = ["spawn-ready", "entry-ready"];

function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
    (p) => p && existsSync(p),
  );
  if (!found) throw new Error("No Chromium found: install Debian's chromium or set CHROMIUM_PATH.");
  return found;
}

async function loadOnce(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: PHONE_PROFILE.viewport, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: PHONE_PROFILE.latencyMs,
    downloadThroughput: PHONE_PROFILE.downloadBytesPerSecond,
    uploadThroughput: PHONE_PROFILE.uploadBytesPerSecond,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE_PROFILE.cpuSlowdown });
  const types = new Map<string, string>();
  let jsBytes = 0;
  let totalBytes = 0;
  let requests = 0;
  cdp.on("Network.responseReceived", (e) => types.set(e.requestId, e.type));
  cdp.on("Network.loadingFinished", (e) => {
    requests++;
    totalBytes += e.encodedDataLength;
    if (types.get(e.requestId) === "Script") jsBytes += e.encodedDataLength;
  });
  try {
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    // A page with a ready mark is usable once it is set; give it up to 20 s after load.
    // A string, not a function: tsx would wrap a function's inner names in a helper the
    // page does not have.
    const times = (await page.evaluate(`(async () => {
      const marks = ${JSON.stringify(READY_MARKS)};
      const nav = performance.getEntriesByType("navigation")[0];
      const find = () => marks.map((m) => performance.getEntriesByName(m)[0]).find(Boolean);
      const hasMark = location.pathname.startsWith("/spawn");
      for (let i = 0; hasMark && !find() && i < 200; i++) await new Promise((r) => setTimeout(r, 100));
      const fcp = performance.getEntriesByName("first-contentful-paint")[0];
      return { firstPaintMs: fcp ? fcp.startTime : -1, loadMs: nav.loadEventEnd, readyMs: find() ? find().startTime : nav.loadEventEnd };
    })()`)) as Pick<Load, "firstPaintMs" | "loadMs" | "readyMs">;
    // Late requests (prefetches after load) count too: they are what the phone downloads.
    await page.waitForLoadState("networkidle", { timeout: 20_000 }).catch(() => {});
    return { ...times, jsBytes, totalBytes, requests };
  } finally {
    await context.close();
  }
}

async function seededServer(): Promise<{ server: TestServer; database: TestDatabase; documentId: string }> {
  const database = await createTestDatabase("sqlite", "phone-speed");
  await migrate(database.url, { root: ROOT });
  const server = await startServer({ DATABASE_URL: database.url, BASE_CATALOGUE: "true" }, 300_000);
  const identity = newIdentity("ed25519");
  const client = createClient({ serverUrl: server.url, identity });
  const registered = await client.request("POST", "/v1/user.php", {
    body: { user_id: identity.userId, public_key: publicKeyPem(identity) },
  });
  if (registered.status !== 200) throw new Error(`register: ${registered.status} ${registered.text()}`);
  const documentId = randomUUID();
  const text = readFileSync(join(ROOT, "lib/loot/templates/default-loot.beacon"), "utf8").replace(
    "6B5E3917-039C-4F35-99A6-58BE28BB9760",
    documentId.toUpperCase(),
  );
  const published = await client.request("POST", "/v1/document.php", { body: text, contentType: "application/json" });
  if (published.status !== 200) throw new Error(`publish: ${published.status} ${published.text()}`);
  return { server, database, documentId };
}

/** The first base-game item and creature page the spawn page links to. */
async function entryPages(baseUrl: string): Promise<{ item: string; creature: string }> {
  const html = async (path: string) => (await fetch(`${baseUrl}${path}`)).text();
  const first = (text: string) => /href="(\/spawn\/base\/[^"?#]+)"/.exec(text)?.[1];
  const item = first(await html("/spawn/?q=metal+pick"));
  const creature = first(await html("/spawn/?tab=creatures&q=raptor"));
  if (!item || !creature) throw new Error("No item or creature page found on /spawn/.");
  return { item, creature };
}

async function main() {
  let own: Awaited<ReturnType<typeof seededServer>> | undefined;
  let baseUrl = args.text("base-url");
  let documentId = args.text("document");
  if (!baseUrl) {
    console.log("[phone-speed] starting the production server with the base catalogue (a minute or two)…");
    own = await seededServer();
    baseUrl = own.server.url;
    documentId = own.documentId;
  }
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
  });
  try {
    const entries = await entryPages(baseUrl);
    const pages: [string, string][] = [
      ["/", "/"],
      ["/spawn/", "/spawn/"],
      ["item page", entries.item],
      ["creature page", entries.creature],
      ["/documents", "/documents"],
      ...(documentId
        ? ([
            ["document page", `/documents/${documentId}`],
            ["editor", `/documents/${documentId}/edit`],
          ] as [string, string][])
        : []),
    ];
    const only = args.text("pages")?.split(",");
    const rows: (Load & { page: string; path: string })[] = [];
    for (const [name, path] of pages.filter(([n]) => !only || only.includes(n))) {
      const loads: Load[] = [];
      for (let i = 0; i < runs; i++) {
        loads.push(await loadOnce(browser, `${baseUrl}${path}`));
        process.stdout.write(".");
      }
      const m = (f: (l: Load) => number) => median(loads.map(f));
      rows.push({
        page: name,
        path,
        firstPaintMs: m((l) => l.firstPaintMs),
        loadMs: m((l) => l.loadMs),
        readyMs: m((l) => l.readyMs),
        jsBytes: m((l) => l.jsBytes),
        totalBytes: m((l) => l.totalBytes),
        requests: m((l) => l.requests),
      });
    }
    console.log(
      `\n\nPhone profile: CPU 4x slower, 1.6/0.75 Mbps, 150 ms; medians of ${runs}; load average ${loadavg()[0]!.toFixed(1)}`,
    );
    console.log("| page | first paint | load | ready | JS (KB over the wire) | all (KB) | requests |");
    console.log("|---|---|---|---|---|---|---|");
    const s = (ms: number) => (ms / 1000).toFixed(2);
    const kb = (b: number) => (b / 1024).toFixed(0);
    for (const r of rows)
      console.log(
        `| ${r.page} | ${s(r.firstPaintMs)} s | ${s(r.loadMs)} s | ${s(r.readyMs)} s | ${kb(r.jsBytes)} | ${kb(r.totalBytes)} | ${r.requests} |`,
      );
    const out = args.text("json");
    if (out) writeFileSync(out, JSON.stringify({ runs, loadAverage: loadavg()[0], rows }, null, 2));
  } finally {
    await browser.close();
    if (own) {
      await own.server.stop();
      await own.database.drop();
    }
  }
}

await main();
