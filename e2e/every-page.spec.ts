/**
 * Every page of e2e/routes.ts, in one browser context (signed out, then signed in for
 * the dashboard): the status it should have, exactly one <title> and one <h1>, no
 * Content-Security-Policy violation (console or securitypolicyviolation event) and no
 * serious or critical axe-core violation; the pages whose layout this suite owns have no
 * sideways scrolling at 390 px and are screenshotted at 1280 and 390 px
 * (artifacts/pages/). Then the same list without JavaScript: each page still reads,
 * with its heading and a link home.
 */
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { beaconApi } from "@/lib/client/beacon-api";
import type { Identity } from "@/lib/client/identity";
import { createDb } from "@/lib/db/client";
import { classOf, uidOf } from "@/lib/engrams/derive";
import { grantRole } from "@/lib/moderation/roles";
import { ARTIFACTS } from "./helpers";
import { DASHBOARD_MOD_ID, LOOT_DOCUMENT_ID, PORTAL_ROUTES, type PortalRoute } from "./routes";
import { deleteIdentity, registerIdentity, signIn } from "./session";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let identity: Identity;

/**
 * The data the list needs beyond the seed: a loot document and a confirmed mod of the
 * signed-in identity, which is also an operator (granted as the server's command does) so
 * the moderation console and its audit trail are pages it can open.
 */
test.beforeAll(async () => {
  identity = await registerIdentity();
  const loot = readFileSync("lib/loot/templates/default-loot.beacon", "utf8").replace(
    /"Identifier": "[^"]+"/,
    `"Identifier": "${LOOT_DOCUMENT_ID}"`,
  );
  await beaconApi({ serverUrl: process.env.E2E_BASE_URL!, identity }).documents.publish(Buffer.from(loot));
  const db = createDb(process.env.E2E_DATABASE_URL!);
  try {
    await db.modRegistration.create({
      data: {
        userId: identity.userId,
        workshopId: DASHBOARD_MOD_ID,
        name: "Every Page Mod",
        confirmationCode: randomUUID(),
        confirmed: true,
        confirmedModId: DASHBOARD_MOD_ID,
        confirmedAt: new Date(),
      },
    });
    const path = "/Game/Mods/EveryPage/PrimalItem_Lantern.PrimalItem_Lantern";
    const className = classOf(path);
    await db.engram.create({
      data: {
        uid: uidOf(path),
        path,
        className,
        classKey: className.toLowerCase(),
        label: "Every Page Lantern",
        environments: 1,
        canBlueprint: true,
        modId: DASHBOARD_MOD_ID,
      },
    });
    await grantRole(db, { userId: identity.userId, role: "operator", actor: { kind: "console" } });
  } finally {
    await db.$disconnect();
  }
});

test.afterAll(async () => {
  await deleteIdentity(identity);
});

interface Violations {
  csp: string[];
}

/** CSP violations as the console reports them and as the page's own event sees them. */
async function watchCsp(context: BrowserContext): Promise<Violations> {
  const seen: Violations = { csp: [] };
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(
        `Content Security Policy violation (event): ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`,
      );
    });
  });
  context.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy|Content-Security-Policy/i.test(m.text()))
      seen.csp.push(`${m.page()?.url() ?? ""}: ${m.text()}`);
  });
  return seen;
}

async function axeProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 5)
          .join(", ")})`,
    );
}

async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function checkRoute(page: Page, route: PortalRoute, seen: Violations) {
  await page.setViewportSize(DESKTOP);
  const before = seen.csp.length;
  const res = await page.goto(route.path);
  expect(res?.status(), route.path).toBe(route.status);
  // goto waits for the load event, which async scripts hold back until they ran: a
  // blocked one has been reported by then.
  expect(await page.locator("head title").count(), `${route.path}: one <title>`).toBe(1);
  expect(await page.title()).toMatch(/Beacon Hub/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("banner").getByRole("link", { name: "Beacon Hub" })).toHaveAttribute("href", "/");
  expect.soft(await axeProblems(page), `${route.path}: axe-core, serious or critical`).toEqual([]);
  if (route.layout) {
    await page.screenshot({ path: `${ARTIFACTS}/pages/${route.name}-1280.png` });
    await page.setViewportSize(PHONE);
    expect.soft(await sidewaysScroll(page), `${route.path}: sideways scrolling at 390 px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${ARTIFACTS}/pages/${route.name}-390.png` });
  }
  expect(seen.csp.slice(before), `${route.path}: CSP violations`).toEqual([]);
}

/** Routes in groups of this many per test, so a loaded machine's slow page fails its own group only. */
const GROUP = 8;

function groups<T>(list: T[]): T[][] {
  return Array.from({ length: Math.ceil(list.length / GROUP) }, (_, i) => list.slice(i * GROUP, (i + 1) * GROUP));
}

for (const session of ["out", "in"] as const)
  groups(PORTAL_ROUTES.filter((r) => r.session === session)).forEach((group) =>
    test(`every page, signed ${session}, ${group[0]!.path} and on: status, one title, no CSP violation, no serious axe-core violation, phone width`, async ({
      browser,
    }) => {
      // Each page checked by axe-core at two widths: about 2 s here, over 9 s at a load average of 20.
      test.setTimeout(group.length * 30_000);
      const context = await browser.newContext();
      const seen = await watchCsp(context);
      if (session === "in") await signIn(context, identity);
      const page = await context.newPage();
      try {
        for (const route of group) await test.step(route.path, () => checkRoute(page, route, seen));
        // A violation reported after its page was checked still fails the run (it names its page).
        expect(seen.csp).toEqual([]);
      } finally {
        await context.close();
      }
    }),
  );

test("every page without JavaScript: it reads, with one title, its heading and a link home", async ({ browser }) => {
  // One load per route of PORTAL_ROUTES (more each round): the default 60 s is one
  // second a page on a loaded machine.
  test.setTimeout(240_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    for (const route of PORTAL_ROUTES) {
      if (route.session === "in" && !(await context.cookies()).some((c) => c.name === "authjs.session-token"))
        await signIn(context, identity);
      await test.step(route.path, async () => {
        const res = await page.goto(route.path);
        expect(res?.status(), route.path).toBe(route.status);
        expect(await page.locator("head title").count(), `${route.path}: one <title>`).toBe(1);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("banner").getByRole("link", { name: "Beacon Hub" })).toHaveAttribute("href", "/");
      });
    }
  } finally {
    await context.close();
  }
});
