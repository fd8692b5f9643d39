/**
 * Item and creature pages (docs/PORTAL.md#item-and-creature-pages) in Chromium against the
 * production build: reached from a spawn row's link, the builder rewriting the command
 * (URL kept, copy read back from the clipboard), the same without JavaScript through
 * "Apply", a label with markup shown as text, and each page at 390 and 1280 px (no
 * sideways scrolling, axe-core clean; screenshots `entry-*.png`). The seed's rows are
 * MOD_PRIMAL's and the base game's Stone; e2e/every-page.spec.ts walks these pages too.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { BASE_ENGRAMS, MOD_PRIMAL, PRIMAL_CREATURES, PRIMAL_ENGRAMS, XSS_LABEL } from "./fixtures";
import { screenshot, spawnReady } from "./helpers";

const [sword] = PRIMAL_ENGRAMS;
const rex = PRIMAL_CREATURES[1]!;
const SWORD_PAGE = `/spawn/${MOD_PRIMAL.id}/PrimalItem_WeaponMetalSword_C`;
const REX_PAGE = `/spawn/${MOD_PRIMAL.id}/Rex_Character_BP_C`;
const command = (page: Page) => page.locator("[data-command]");

async function seriousAxe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("a spawn row links its page; the builder rewrites the command, keeps the URL and copies", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(`/spawn/?mod_id=${MOD_PRIMAL.id}`);
  await spawnReady(page);
  await page.getByRole("link", { name: sword!.label, exact: true }).click();
  await expect(page).toHaveURL(SWORD_PAGE);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(sword!.label);
  await expect(command(page)).toHaveText(`cheat giveitem "Blueprint'${sword!.path}'" 1 0 false`);
  await expect(page.getByText("The Island, Scorched Earth")).toBeVisible();
  await expect(page.getByRole("link", { name: MOD_PRIMAL.name })).toHaveAttribute(
    "href",
    `/spawn/?mod_id=${MOD_PRIMAL.id}`,
  );

  await page.getByLabel("Quantity").fill("20");
  await page.getByLabel("Give as").selectOption("blueprint");
  const want = `cheat giveitem "Blueprint'${sword!.path}'" 20 0 true`;
  await expect(command(page)).toHaveText(want);
  await expect(page).toHaveURL(`${SWORD_PAGE}?qty=20&as=blueprint`);
  await page.getByRole("button", { name: `Copy the spawn command for ${sword!.label}` }).click();
  await expect(page.getByRole("button", { name: `Copied the spawn command for ${sword!.label}` })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(want);

  await page.getByLabel("Quantity").fill("0");
  await expect(command(page)).toHaveCount(0);
  await expect(page.getByText("The quantity must be from 1 to 100,000; 0 is too small.")).toBeVisible();
});

test("without JavaScript: Apply loads the command with the options; a tamed creature by class", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(REX_PAGE);
    await expect(command(page)).toHaveText(`cheat spawndino "Blueprint'${rex.path}'" 1 1 1 30`);
    await page.getByLabel("Spawn as").selectOption("tamed");
    await page.getByLabel("Level").fill("150");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`${REX_PAGE}\\?.*summon=tamed`));
    await expect(command(page)).toHaveText('cheat GMSummon "Rex_Character_BP_C" 150');
    await expect(page.getByRole("link", { name: /Colour it/ })).toHaveAttribute("href", "/spawn/colors");
  } finally {
    await context.close();
  }
});

test("a label with markup is text, in the page and its title", async ({ page }) => {
  let dialog = false;
  page.on("dialog", (d) => {
    dialog = true;
    void d.dismiss();
  });
  await page.goto(`/spawn/${MOD_PRIMAL.id}/PrimalItem_Evil_C`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(XSS_LABEL);
  expect(await page.title()).toBe(`${XSS_LABEL}: spawn command · Beacon Hub`);
  expect(dialog).toBe(false);
});

for (const size of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${size.width} px: no sideways scrolling, axe-core clean (item, creature, base game, unknown class)`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const stone = BASE_ENGRAMS[0]!;
    for (const [name, path] of [
      ["item", `${SWORD_PAGE}?qty=5`],
      ["creature", REX_PAGE],
      ["base", "/spawn/base/PrimalItemResource_Stone_C"],
      ["unknown", "/spawn/base/PrimalItem_NoSuchThing_C"],
    ] as const) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(name === "unknown" ? 404 : 200);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        `${path}: sideways scrolling`,
      ).toBeLessThanOrEqual(0);
      expect(await seriousAxe(page), `${path}: axe-core`).toEqual([]);
      if (name === "base")
        await expect(command(page)).toHaveText(`cheat giveitem "Blueprint'${stone.path}'" 1 0 false`);
      if (name === "unknown") await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not in the catalogue");
      await screenshot(page, `entry-${name}-${size.width}`);
    }
  });
}
