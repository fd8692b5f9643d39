/**
 * The ini checker page (/tools/ini-check) at 1280 and 390 px: a Game.ini with a setting of
 * GameUserSettings.ini in it shows that finding (grouped as an error, its line marked) with
 * its fix, and the fixed files with the lines the fix changed; with
 * JavaScript off the same form answers through the page itself. axe-core on the result.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

const GAME_INI = "[/script/shootergame.shootergamemode]\nMatingIntervalMultiplier=0.5\nXPMultiplier=3\n";

async function check(page: Page) {
  await page.getByLabel("Game.ini", { exact: true }).fill(GAME_INI);
  await page.getByLabel("Also give me the files with every certain fix applied").check();
  await page.getByRole("button", { name: "Check", exact: true }).click();
  const result = page.getByTestId("ini-result");
  await expect(result.getByRole("heading", { level: 2 }).first()).toHaveText("1 finding, 1 error");
  // Grouped by severity, the line itself shown and marked.
  await expect(result.getByRole("heading", { level: 3 })).toHaveText([
    "Errors: the game ignores or misreads these (1)",
  ]);
  const finding = result.locator('[data-finding="wrong-place"]');
  await expect(finding).toContainText("Game.ini · line 3 · XPMultiplier");
  await expect(finding.locator("mark")).toHaveText("XPMultiplier=3");
  await expect(finding).toContainText("Fix: move it to GameUserSettings.ini [ServerSettings]");
  await expect(page.getByLabel("GameUserSettings.ini, fixed")).toHaveValue(/\[ServerSettings\]\s*\nXPMultiplier=3/);
  // What the fixes changed, file by file: the line left Game.ini and arrived in GameUserSettings.ini.
  await expect(result.getByTestId("ini-diff-Game.ini")).toContainText("Removed: XPMultiplier=3");
  await expect(result.getByTestId("ini-diff-GameUserSettings.ini")).toContainText("Added: XPMultiplier=3");
}

for (const width of [1280, 390]) {
  test(`at ${width} px: a key in the wrong file is found, with its fix and the fixed files`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const page = await context.newPage();
    await page.goto("/tools/ini-check");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your server's ini files");
    await check(page);
    // The form keeps what was pasted (the findings' Game.ini region has the same name: by id).
    await expect(page.locator("#ini-game_ini")).toHaveValue(GAME_INI);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });
}

test("without JavaScript the form answers through the page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/tools/ini-check");
  await check(page);
  await context.close();
});

test("nothing pasted: says what to paste", async ({ page }) => {
  await page.goto("/tools/ini-check");
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("Paste Game.ini, GameUserSettings.ini or both.");
});
