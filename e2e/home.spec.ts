/** Home page, keyboard access, phone width and the pages' security headers. */
import { expect, test, type Page } from "@playwright/test";
import { DOCUMENT_COUNT, HUGE_ENGRAMS, MOD_PRIMAL, PRIMAL_ENGRAMS } from "./fixtures";
import { screenshot, spawnReady } from "./helpers";

const SEEDED_ENGRAMS = HUGE_ENGRAMS + PRIMAL_ENGRAMS.length + 2;

test("the home page says what the service is, with live counts and links", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Beacon Hub");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Beacon Hub");
  await expect(page.getByText(/catalogue and cloud store for ARK: Survival Evolved/)).toBeVisible();
  await expect(page.locator("[data-stat='Confirmed mods']")).toHaveText("3");
  await expect(page.locator("[data-stat='Engrams']")).toHaveText(SEEDED_ENGRAMS.toLocaleString("en-US"));
  await expect(page.locator("[data-stat='Documents']")).toHaveText(String(DOCUMENT_COUNT));
  await expect(page.locator("[data-stat='Downloads']")).toHaveText(/^\d{1,3}(,\d{3})*$/);
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: /^Spawn codes/ })).toHaveAttribute("href", "/spawn/");
  await expect(main.getByRole("link", { name: /^Documents/ })).toHaveAttribute("href", "/documents");
  await expect(main.getByRole("link", { name: /^Loot editor/ })).toHaveAttribute("href", "/documents/new");
  await expect(main.getByRole("link", { name: /^API reference/ })).toHaveAttribute("href", "/docs/api");
  await expect(main.getByRole("link", { name: /^Dashboard/ })).toHaveAttribute("href", "/dashboard");
  await screenshot(page, "home");

  await main.getByRole("link", { name: /^Spawn codes/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All spawn codes");
});

test("keyboard: a skip link first, then every control reachable with visible focus", async ({ page }) => {
  await page.goto(`/spawn/?mod_id=${MOD_PRIMAL.id}`);
  await spawnReady(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  // Search box, its button, then the map checkboxes, by keyboard alone.
  const search = page.getByLabel("Search by name, class or path");
  await search.focus();
  await page.keyboard.type("crown");
  await expect(page.locator("tbody tr[data-row]")).toHaveCount(1);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Search", exact: true })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("checkbox", { name: "The Island" })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox", { name: "The Island" })).toBeChecked();
  await expect(page.locator("tbody tr[data-row]")).toHaveCount(0);
  const outline = await page
    .getByRole("checkbox", { name: "The Island" })
    .evaluate((el) => getComputedStyle(el).boxShadow);
  expect(outline).not.toBe("none");
});

async function noHorizontalScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

test.describe("phone width (375 px)", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test("spawn page: commands readable, copy buttons in reach, no sideways scrolling", async ({ page }) => {
    await page.goto(`/spawn/?mod_id=${MOD_PRIMAL.id}`);
    await spawnReady(page);
    await noHorizontalScroll(page);
    const row = page.locator("tbody tr[data-row]").filter({ hasText: "Metal Sword" });
    await expect(row.locator("code").first()).toBeVisible();
    const copy = row.getByRole("button", { name: /Copy the spawn command/ });
    await copy.scrollIntoViewIfNeeded();
    await expect(copy).toBeInViewport({ ratio: 1 });
    await screenshot(page, "phone-spawn");
  });

  test("documents and home pages fit", async ({ page }) => {
    await page.goto("/documents");
    await noHorizontalScroll(page);
    await expect(page.getByRole("link", { name: "Next page" })).toBeVisible();
    await screenshot(page, "phone-documents");
    await page.goto("/");
    await noHorizontalScroll(page);
    await screenshot(page, "phone-home");
  });
});

test("pages send CSP (nonce scripts, frame-ancestors 'none'), nosniff and a referrer policy; no CSP violations", async ({
  page,
  request,
}) => {
  for (const path of ["/", `/spawn/?mod_id=${MOD_PRIMAL.id}`, "/documents"]) {
    const res = await request.get(path);
    const h = res.headers();
    expect(h["content-security-policy"], path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(h["content-security-policy"]).toContain("object-src 'none'");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["x-frame-options"]).toBe("DENY");
  }
  // Each page (each render: lib/server/page-cache.ts) has its own nonce, and every script tag of it carries it.
  const a = (await request.get("/")).headers()["content-security-policy"];
  const res = await request.get(`/spawn/?mod_id=${MOD_PRIMAL.id}`);
  const nonce = /'nonce-([^']+)'/.exec(res.headers()["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  expect(res.headers()["content-security-policy"]).not.toBe(a);
  const scripts = (await res.text()).match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(`/spawn/?mod_id=${MOD_PRIMAL.id}`);
  await spawnReady(page);
  // Next's own inline scripts carry the nonce: the page hydrated with nothing refused.
  await page.getByLabel("Search by name, class or path").fill("sword");
  await expect(page.locator("tbody tr[data-row]")).toHaveCount(1);
  expect(violations).toEqual([]);
});
