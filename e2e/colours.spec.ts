/**
 * The dye colour page (docs/PORTAL.md#dye-colours) in Chromium against the production
 * build: the builder with JavaScript (choices apply at once, the URL restores the view,
 * copy one and all at once read back from the clipboard), the same builder without
 * JavaScript through its GET form, and the page at 390 and 1280 px (no sideways
 * scrolling, every swatch beside its id and name, axe-core clean; screenshots
 * `colours-*.png`). e2e/every-page.spec.ts walks the page too.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { screenshot } from "./helpers";

const commands = (page: Page) => page.locator("[aria-live] code");

async function seriousAxe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

test("the builder: choices rewrite the commands at once, the URL restores them, copy one and all", async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/spawn/colors");
  await expect(page.getByRole("heading", { level: 1, name: "Dye colours" })).toBeVisible();
  await expect(page.locator("tbody tr[data-colour]")).toHaveCount(227);
  await expect(page.getByText("Pick a colour for at least one region")).toBeVisible();

  await page.getByLabel("Region 0").selectOption("1");
  await expect(commands(page)).toHaveText(["cheat SetTargetDinoColor 0 1"]);
  await page.getByLabel("Region 4").selectOption({ label: "94 Teal" });
  await page.getByLabel("Prefix").selectOption("admincheat");
  const all = "admincheat SetTargetDinoColor 0 1 | admincheat SetTargetDinoColor 4 94";
  await expect(commands(page)).toHaveText([
    "admincheat SetTargetDinoColor 0 1",
    "admincheat SetTargetDinoColor 4 94",
    all,
  ]);
  await expect(page).toHaveURL(/\/spawn\/colors\?r0=1&r4=94&prefix=admincheat$/);

  await page.getByRole("button", { name: "Copy all the commands on one line" }).click();
  await expect(page.getByRole("button", { name: "Copied all the commands on one line" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(all);
  await page.getByRole("button", { name: "Copy the command for region 4" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("admincheat SetTargetDinoColor 4 94");

  // The link restores the view in a new browser.
  const other = await browser.newContext();
  try {
    const fresh = await other.newPage();
    await fresh.goto(page.url());
    await expect(fresh.getByLabel("Region 4")).toHaveValue("94");
    await expect(commands(fresh)).toHaveText([
      "admincheat SetTargetDinoColor 0 1",
      "admincheat SetTargetDinoColor 4 94",
      all,
    ]);
  } finally {
    await other.close();
  }

  await page.getByRole("link", { name: "Clear the colours" }).click();
  await expect(commands(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/spawn\/colors\?prefix=admincheat$/);
});

test("without JavaScript the form makes the commands on the server, and says why an id is wrong", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto("/spawn/colors?r2=300");
    await expect(page.getByText("Region 2: no dye colour has id 300 (see the table).")).toBeVisible();
    await page.getByLabel("Region 2").selectOption("2");
    await page.getByLabel("Region 5").selectOption({ label: "254 Bubblegum Coloring" });
    await page.getByRole("button", { name: "Make the commands" }).click();
    await expect(page).toHaveURL(/\/spawn\/colors\?r0=&r1=&r2=2&r3=&r4=&r5=254&prefix=cheat$/);
    await expect(commands(page)).toHaveText([
      "cheat SetTargetDinoColor 2 2",
      "cheat SetTargetDinoColor 5 254",
      "cheat SetTargetDinoColor 2 2 | cheat SetTargetDinoColor 5 254",
    ]);
    await expect(page.getByRole("button", { name: /^Copy/ }).first()).toBeHidden();
  } finally {
    await context.close();
  }
});

for (const size of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${size.width} px: no sideways scrolling, each swatch beside its id and name, axe-core clean`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto("/spawn/colors?r0=1&r1=128&r2=254");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const teal = page.locator('tr[data-colour="94"]');
    await teal.scrollIntoViewIfNeeded();
    await expect(teal).toContainText("Teal");
    await expect(teal).toContainText("#14849C");
    const swatch = teal.locator("span[aria-hidden]");
    expect(await swatch.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(20, 132, 156)");
    const box = await swatch.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(20);
    // The whole name is on screen, not cut off.
    const name = teal.locator("td").last();
    const nameBox = await name.boundingBox();
    expect(nameBox!.x + nameBox!.width).toBeLessThanOrEqual(size.width);
    await expect(page.locator('tr[data-colour="254"]')).toContainText("not known");
    expect(await seriousAxe(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `colours-${size.width}`);
  });
}
