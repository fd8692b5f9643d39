/**
 * The spawn page over the whole shipped catalogue, as a player meets it on a fresh
 * install: its own server on a fresh SQLite database with BASE_CATALOGUE=true (the
 * suite's shared server runs on the seed without it). 2,129 items and 1,168 creatures;
 * "rex" on the Creatures tab gives the Rex first and its tamed commands (GMSummon, or
 * spawndino then ForceTame); variants marked; tameable only; every official map by name
 * (Extinction lists Extinction's items); categories with counts on a phone; items for
 * another player (GiveItemToPlayer) and the help on which command works where. axe-core
 * (serious or critical) at 390 and 1280 px.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createTestDatabase } from "@/test/support/databases";
import { startServer, type TestServer } from "@/test/support/test-server";
import { screenshot, spawnReady } from "./helpers";

const REX = "/Game/PrimalEarth/Dinos/Rex/Rex_Character_BP.Rex_Character_BP";
const METAL_PICK = "/Game/PrimalEarth/CoreBlueprints/Weapons/PrimalItem_WeaponMetalPick.PrimalItem_WeaponMetalPick";

let server: TestServer;
let drop: () => Promise<void>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const database = await createTestDatabase("sqlite", "e2e-catalogue");
  drop = () => database.drop();
  server = await startServer({ DATABASE_URL: database.url, BASE_CATALOGUE: "true" });
});
test.afterAll(async () => {
  await server?.stop();
  await drop?.();
});

const rows = (page: Page) => page.locator("tbody tr[data-row]");
const count = (page: Page) => page.getByTestId("result-count");

async function axeProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

test("the whole catalogue: every map by name, Extinction's items, categories with counts", async ({ page }) => {
  await page.goto(`${server.url}/spawn/`);
  await spawnReady(page);
  await expect(count(page)).toHaveText("Showing 2,129 of 2,129 engrams");
  await expect(
    page.getByRole("navigation", { name: "What to spawn" }).getByRole("link", { name: /Creatures/ }),
  ).toContainText("1,168");
  for (const name of ["The Island", "Scorched Earth", "Genesis: Part 1", "Crystal Isles", "Fjordur", "Lost Island"])
    await expect(page.getByRole("checkbox", { name })).toBeVisible();
  await page.getByRole("checkbox", { name: "Extinction" }).check();
  await expect(page).toHaveURL(/map=extinction/);
  await expect(count(page)).toHaveText(/^Showing [\d,]+ of 2,129 engrams$/);
  await page.getByLabel("Search by name, class or path").fill("artifact of chaos");
  await expect(rows(page).first()).toContainText("Artifact of Chaos");
  await page.getByLabel("Search by name, class or path").fill("");
  await page.getByRole("checkbox", { name: "Extinction" }).uncheck();
  await page.getByLabel("Category").selectOption("saddles");
  await expect(page.getByLabel("Category").locator("option:checked")).toHaveText("Saddles (109)");
  await expect(count(page)).toHaveText("Showing 109 of 2,129 engrams");
  await expect(page).toHaveURL(/cat=saddles/);
  expect(await axeProblems(page)).toEqual([]);
  await screenshot(page, "spawn-catalogue-1280");
});

test("on a phone: the category filter with counts from the Filters button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/spawn/`);
  await spawnReady(page);
  await page.getByRole("button", { name: "Filters" }).click();
  const category = page.getByLabel("Category");
  await expect(category).toBeVisible();
  await category.selectOption("armour-feet");
  await expect(count(page)).toHaveText("Showing 13 of 2,129 engrams");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(await axeProblems(page)).toEqual([]);
  await screenshot(page, "spawn-catalogue-phone-390");
});

test('creatures: "rex" gives the Rex first, tamed two ways; variants marked; tameable only', async ({ page }) => {
  await page.goto(`${server.url}/spawn/?tab=creatures`);
  await spawnReady(page);
  await expect(count(page)).toHaveText("Showing 1,168 of 1,168 creatures");
  await page.getByLabel("Search by name, class or path").fill("rex");
  const first = rows(page).first();
  await expect(first.locator("td").first()).toContainText("Rex");
  await expect(first).toContainText("Rex_Character_BP_C · Base game · tameable");
  await expect(first.locator("[data-command]")).toHaveText(`cheat spawndino "Blueprint'${REX}'" 1 1 1 30`);
  await expect(rows(page).filter({ hasText: "Mission" }).first()).toBeVisible();
  await page.getByLabel("Spawn as").selectOption("tamed");
  await expect(first.locator("[data-command]")).toHaveText(`cheat GMSummon "Rex_Character_BP_C" 30`);
  await page.getByLabel("Spawn as").selectOption("forcetame");
  await page.getByLabel("Distance").fill("500");
  await expect(first.locator("[data-command]")).toHaveText(
    `cheat spawndino "Blueprint'${REX}'" 500 1 1 30 | cheat ForceTame`,
  );
  await page.getByTestId("creature-commands-help").locator("summary").click();
  await expect(page.getByTestId("creature-commands-help")).toContainText(
    "ForceTame tames the creature you are looking at",
  );
  await page.getByLabel("Search by name, class or path").fill("");
  await page.getByRole("checkbox", { name: "Tameable only" }).check();
  await expect(count(page)).toHaveText("Showing 282 of 1,168 creatures");
  await expect(page).toHaveURL(/tame=1/);
  expect(await axeProblems(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await axeProblems(page)).toEqual([]);
  await screenshot(page, "spawn-catalogue-creatures-390");
});

test("items for another player: GiveItemToPlayer with the player's id, and which command works where", async ({
  page,
}) => {
  await page.goto(`${server.url}/spawn/?q=metal+pick`);
  await spawnReady(page);
  await page.getByLabel("Give to").selectOption("player");
  const player = page.getByLabel("Player id");
  await expect(player).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("[data-command]")).toHaveCount(0);
  await player.fill("123456789");
  const pick = rows(page).filter({ hasText: "Metal Pick" }).first();
  await expect(pick.locator("[data-command]")).toHaveText(
    `cheat GiveItemToPlayer 123456789 "Blueprint'${METAL_PICK}'" 1 0 false`,
  );
  await expect(page).toHaveURL(/give=player&player=123456789/);
  await page.getByTestId("item-commands-help").locator("summary").click();
  await expect(page.getByTestId("item-commands-help")).toContainText("giveitemnum is not offered");
  expect(await axeProblems(page)).toEqual([]);
});

const GIGANTORAPTOR = "/Game/ASA/Dinos/Gigantoraptor/Gigantoraptor_Character_BP.Gigantoraptor_Character_BP";

for (const width of [1280, 390]) {
  test(`ARK: Survival Ascended at ${width} px: "gigantoraptor" on the ASA creature tab, with its command`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`${server.url}/spawn/?tab=creatures`);
    await spawnReady(page);
    // The game switch is a link to the other game's page, on the same tab.
    const asa = page.getByTestId("game-switch").getByRole("link", { name: "ARK: Survival Ascended" });
    await expect(asa).toHaveAttribute("href", "/spawn/?game=asa&tab=creatures");
    await page.goto(`${server.url}/spawn/?game=asa&tab=creatures`);
    await spawnReady(page);
    await expect(count(page)).toHaveText("Showing 1,128 of 1,128 creatures");
    await page.getByLabel("Search by name, class or path").fill("gigantoraptor");
    await expect(page).toHaveURL(/game=asa.*q=gigantoraptor/);
    const first = rows(page).first();
    await expect(first.locator("td").first()).toContainText("Gigantoraptor");
    await expect(first.locator("[data-command]")).toHaveText(`cheat spawndino "Blueprint'${GIGANTORAPTOR}'" 1 1 1 30`);
    // ASA offers no GMSummon here: the tamed choice is spawndino, then ForceTame.
    if (width < 640) await page.getByRole("button", { name: "Filters" }).click();
    await expect(page.getByLabel("Spawn as").locator("option")).toHaveText([
      "Wild (spawndino)",
      "Tamed (spawndino, then ForceTame)",
    ]);
    // Its own page is ASA's too, with the same command.
    const href = await first.locator("td").first().getByRole("link").first().getAttribute("href");
    expect(href).toMatch(/^\/spawn\/base\/Gigantoraptor_Character_BP_C\?game=asa$/);
    await page.goto(`${server.url}${href}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Gigantoraptor");
    await expect(page.locator("[data-command]").first()).toHaveText(
      `cheat spawndino "Blueprint'${GIGANTORAPTOR}'" 1 1 1 30`,
    );
    // The item tab (ASA opens on its creatures) says why it holds no base-game items.
    await page.goto(`${server.url}/spawn/?game=asa&tab=items`);
    // With no ASA items pushed, the note is the empty tab's own text (asa-items-note sits above a list).
    await expect(page.getByRole("main")).toContainText("No public data set lists ARK: Survival Ascended");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, `spawn-asa-${width}`);
  });
}

// The answer on the first screen, search that ranks what people
// mean, and ARK: Survival Ascended as a road of its own.
const tabLink = (page: Page, name: "Items" | "Creatures") =>
  page.getByRole("navigation", { name: "What to spawn" }).getByRole("link", { name: new RegExp(`^${name}`) });

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const)
  test(`at ${width}x${height}: "rex" from the home page opens the Creatures tab with the Rex on the first screen; tabs count matches`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto(`${server.url}/`);
    await page.getByLabel("Find an item's or creature's spawn code").fill("rex");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/spawn\/\?.*q=rex/);
    await spawnReady(page);
    await expect(page.locator("[data-tab=creatures]")).toBeVisible();
    const first = rows(page).first();
    await expect(first.locator("td").first()).toContainText("Rex");
    const box = (await first.boundingBox())!;
    expect(box.y + box.height, "the first result ends on the first screen").toBeLessThanOrEqual(height);
    await expect(tabLink(page, "Creatures")).toHaveText("Creatures28 matching");
    await expect(tabLink(page, "Items")).toHaveText("Items29 matching");
    expect(await axeProblems(page)).toEqual([]);
    // The items tab points back to the creature, which answers better.
    await tabLink(page, "Items").click();
    await expect(page.getByTestId("better-tab")).toContainText("“rex” best matches a creature: Rex.");
    await expect(rows(page).first()).toContainText("Rex Egg");
    // Typing: the nearest spelling first, the thing itself before its tagged variants.
    await page.getByLabel("Search by name, class or path").fill("tek rifle");
    await expect(rows(page)).toHaveCount(3);
    await expect(rows(page).nth(0).locator("td").first()).toContainText("Tek Rifle");
    await expect(rows(page).nth(0).locator("td").first()).not.toContainText("Mission");
    await expect(rows(page).nth(1)).toContainText("Mission · Genesis: Part 1");
    await expect(rows(page).nth(2)).toContainText("Mission · Genesis: Part 2");
    await expect(tabLink(page, "Items")).toHaveText("Items3 matching");
    await tabLink(page, "Creatures").click();
    await page.getByLabel("Search by name, class or path").fill("gigannoto");
    await expect(rows(page).first().locator("td").first()).toContainText("Giganotosaurus");
    await expect(rows(page).first().locator("td").first()).not.toContainText(/Tek|Mission|Aberrant/);
    await expect(rows(page).nth(1)).toContainText("Tek Cave");
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, `spawn-first-screen-${width}`);
  });

test("ARK: Survival Ascended: the home page counts its creatures; its road opens a search on them; switching keeps the query; the creature page names its game", async ({
  page,
}) => {
  await page.goto(`${server.url}/`);
  await expect(page.locator("[data-stat='ASA creatures']")).toHaveText("1,128");
  await expect(page.locator("[data-stat='ASE creatures']")).toHaveText("1,168");
  await expect(page.getByRole("main")).toContainText("ARK: Survival Ascended has its own road");
  await page.goto(`${server.url}/spawn/?q=rex`);
  await spawnReady(page);
  await page.getByTestId("game-switch").getByRole("link", { name: "ARK: Survival Ascended" }).click();
  await expect(page).toHaveURL(/game=asa/);
  await spawnReady(page);
  await expect(page.getByLabel("Search by name, class or path")).toHaveValue("rex");
  await expect(page.locator("[data-tab=creatures]")).toBeVisible();
  await expect(rows(page).first().locator("td").first()).toContainText("Rex");
  expect(await axeProblems(page)).toEqual([]);
  // Back to ASE keeps it too.
  await page.getByTestId("game-switch").getByRole("link", { name: "ARK: Survival Evolved" }).click();
  await spawnReady(page);
  await expect(page.getByLabel("Search by name, class or path")).toHaveValue("rex");
  // ASA's items tab has a search box and says plainly why it is empty.
  await page.goto(`${server.url}/spawn/?game=asa&tab=items`);
  await expect(page.getByTestId("empty-catalogue")).toContainText(
    "No public data set lists ARK: Survival Ascended's items with their paths",
  );
  await expect(page.getByLabel("Search by name, class or path")).toBeVisible();
  await page.goto(`${server.url}/spawn/?game=asa`);
  await spawnReady(page);
  await expect(page.locator("[data-tab=creatures]")).toBeVisible();
  // The ASA creature page names its game, in its text and title.
  await page.goto(`${server.url}/spawn/?game=asa&q=rex`);
  await spawnReady(page);
  await rows(page).first().locator("td").first().getByRole("link").first().click();
  await expect(page.getByRole("main")).toContainText("Creature of ARK: Survival Ascended");
  await expect(page.getByRole("main")).not.toContainText("of the base game");
  await expect(page).toHaveTitle(/ARK: Survival Ascended/);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await axeProblems(page)).toEqual([]);
  await screenshot(page, "asa-creature-390");
});
