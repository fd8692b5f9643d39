/**
 * The spawn page as players meet it: search that understands them, without
 * JavaScript and with it; the phone layout at 390 px (screenshots at 390 and 1280 px);
 * controls that say what they do; keyboard-only use; axe-core on each state. The base
 * game's 820 items (prisma/seed/base-game-engrams.csv) are added for this spec and
 * removed after it, so other specs see the seed.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createDb } from "@/lib/db/client";
import { addBaseGameEngrams, removeEngrams } from "./base-game";
import { MOD_PRIMAL, MOD_SECOND, SECOND_ENGRAMS } from "./fixtures";
import { screenshot, spawnReady, spawnString } from "./helpers";

const METAL_PICK = "/Game/PrimalEarth/CoreBlueprints/Weapons/PrimalItem_WeaponMetalPick.PrimalItem_WeaponMetalPick";
const BASE = "/spawn/?mod_id=";
/** a mod whose one engram is marked for Center only (the seed's base-game Stone is on every map) */
const SECOND = `/spawn/?mod_id=${MOD_SECOND.id}`;
let added: string[] = [];
let baseCount = 0;

test.beforeAll(async () => {
  added = await addBaseGameEngrams();
  const db = createDb(process.env.E2E_DATABASE_URL!);
  try {
    baseCount = await db.engram.count({ where: { modId: null } });
  } finally {
    await db.$disconnect();
  }
});

test.afterAll(() => removeEngrams(added));

const rows = (page: Page) => page.locator("tbody tr[data-row]");
const firstLabel = (page: Page) => rows(page).first().locator("td").first().locator("div").first();

async function seriousViolations(page: Page, state: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious, state).toEqual([]);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("pickaxe, metal pickaxe and a one-letter typo find Metal Pick on /spawn/?q=, rendered by the server", async ({
    page,
  }) => {
    for (const q of ["pickaxe", "metal pickaxe", "metal pcik"]) {
      const res = await page.goto(`/spawn/?q=${encodeURIComponent(q)}`);
      expect(res?.status(), q).toBe(200);
      await expect(firstLabel(page), q).toHaveText("Metal Pick");
      await expect(rows(page).first().locator("[data-command]")).toHaveText(spawnString(METAL_PICK));
      await expect(page).toHaveTitle(`All spawn codes matching “${q}” · Beacon Hub`);
      await expect(page.getByLabel("Search by name, class or path")).toHaveValue(q);
    }
    await expect(
      page.getByText("Nothing is spelled exactly “metal pcik”; these are the closest spellings."),
    ).toBeVisible();
    // pickaxe finds both picks, Metal before Stone (the same score, the reader's order)
    await page.goto("/spawn/?q=pickaxe");
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).nth(1)).toContainText("Stone Pick");
  });

  test("the search form and the filters submit as a GET form; did-you-mean and clear links are plain links", async ({
    page,
  }) => {
    await page.goto(BASE);
    const search = page.getByLabel("Search by name, class or path");
    await search.fill("metal pickaxe");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/spawn\/\?mod_id=&q=metal\+pickaxe/);
    await expect(firstLabel(page)).toHaveText("Metal Pick");

    // Filters are shown (there is no script to open them) and Apply sends them.
    await page.goto(SECOND);
    await page.getByRole("checkbox", { name: "Ragnarok" }).check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/map=ragnarok/);
    await expect(page.getByTestId("map-notice")).toHaveText(
      /^No item in this catalogue is marked for Ragnarok\. Clear the map filter$/,
    );
    await page.getByRole("link", { name: "Clear the map filter" }).click();
    await expect(page).not.toHaveURL(/map=/);
    await expect(firstLabel(page)).toHaveText(SECOND_ENGRAMS[0]!.label);

    await page.goto(`${BASE}&q=metalpick`);
    await expect(page.getByTestId("no-match")).toContainText("No engram matches this view.");
    await page.getByRole("link", { name: "metal pick" }).click();
    await expect(page).toHaveURL(/q=metal\+pick$/);
    await expect(firstLabel(page)).toHaveText("Metal Pick");
    await screenshot(page, "spawn-no-js");
  });

  test("the home page's search box goes to /spawn/?q=", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Find an item's or creature's spawn code").fill("pickaxe");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    // The form sends the game chosen beside the box (ASE unless changed).
    await expect(page).toHaveURL(/\/spawn\/\?q=pickaxe&game=ase$/);
    await expect(firstLabel(page)).toHaveText("Metal Pick");
  });
});

test("with JavaScript the same search answers as you type; did-you-mean changes the view in place; the URL keeps q", async ({
  page,
}) => {
  await page.goto(BASE);
  await spawnReady(page);
  const search = page.getByLabel("Search by name, class or path");
  await search.fill("pickaxe");
  await expect(rows(page)).toHaveCount(2);
  await expect(firstLabel(page)).toHaveText("Metal Pick");
  await expect(page).toHaveURL(/\?mod_id=&q=pickaxe$/);
  await search.fill("sabertoth sadle");
  await expect(firstLabel(page)).toHaveText("Sabertooth Saddle");
  await search.fill("wyvern metal");
  await expect(page.getByTestId("no-match")).toContainText("Did you mean metal or wyvern?");
  await page.getByRole("link", { name: "wyvern", exact: true }).click();
  await expect(search).toHaveValue("wyvern");
  await expect(page).toHaveURL(/q=wyvern$/);
  await expect(rows(page).first()).toContainText("Wyvern");
});

test.describe("phone width (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("search pinned, filters behind one button with a count, whole names and commands, the first result on the first screen", async ({
    page,
  }) => {
    await page.goto(`${BASE}&q=metal`);
    await spawnReady(page);
    const first = rows(page).first();
    await expect(first).toContainText("Metal");
    // the first result is on the first screen, the filter panel folded away
    expect((await first.boundingBox())!.y + 40).toBeLessThan(844);
    await expect(page.locator("#spawn-filters")).toBeHidden();
    const noSideways = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(noSideways).toBe(true);

    // Whole names and commands: nothing clipped, every command in full.
    const clipped = await rows(page).evaluateAll((trs) =>
      trs.flatMap((tr) =>
        [...tr.querySelectorAll<HTMLElement>("td:first-child > div, td:first-child code")]
          .filter(
            (el) =>
              el.scrollWidth > el.clientWidth + 1 ||
              el.scrollHeight > el.clientHeight + 1 ||
              getComputedStyle(el).textOverflow === "ellipsis",
          )
          .map((el) => el.textContent),
      ),
    );
    expect(clipped).toEqual([]);
    await screenshot(page, "spawn-phone-390");
    await page.getByLabel("Search by name, class or path").fill("metal pick");
    const pick = rows(page).filter({ hasText: "Metal Pick" });
    const phoneCommand = pick.locator("td").first().locator("code");
    await expect(phoneCommand).toHaveText(spawnString(METAL_PICK));
    await expect(phoneCommand).toBeVisible();
    // copy button at the right edge, tall enough for a thumb
    const copy = (await pick.getByRole("button", { name: /Copy the spawn command/ }).boundingBox())!;
    expect(copy.x + copy.width).toBeGreaterThan(390 - 24);
    expect(copy.height).toBeGreaterThanOrEqual(44);

    // Filters: one button, a count of what is set.
    const filters = page.getByRole("button", { name: /^Filters/ });
    await expect(filters).toHaveAttribute("aria-expanded", "false");
    await filters.click();
    await expect(page.locator("#spawn-filters")).toBeVisible();
    await page.getByRole("checkbox", { name: "The Island" }).check();
    await page.getByLabel("Blueprintable").selectOption("yes");
    await expect(filters).toHaveAccessibleName("Filters 2 set");
    await screenshot(page, "spawn-phone-390-filters");
    await seriousViolations(page, "phone, filters open");
    await filters.click();
    await expect(page.locator("#spawn-filters")).toBeHidden();

    // The search stays pinned to the top while the list scrolls.
    await page.getByLabel("Search by name, class or path").fill("");
    await page.mouse.wheel(0, 3000);
    await expect.poll(async () => (await page.locator("#spawn-search-bar").boundingBox())!.y).toBeLessThanOrEqual(1);
    await expect(page.getByLabel("Search by name, class or path")).toBeInViewport();
    await screenshot(page, "spawn-phone-390-scrolled");
  });
});

test("1280 px: filters shown beside the list, whole commands in their column", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${BASE}&q=metal%20pickaxe`);
  await spawnReady(page);
  await expect(page.locator("#spawn-filters")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Filters/ })).toBeHidden();
  await expect(rows(page).first().locator("[data-command]")).toHaveText(spawnString(METAL_PICK));
  await screenshot(page, "spawn-desktop-1280");
});

test.describe("controls that say what they do", () => {
  test("an out-of-range quantity or quality: the field says why, no command shows a number", async ({ page }) => {
    await page.goto(`${BASE}&q=metal%20pick`);
    await spawnReady(page);
    const qty = page.getByLabel("Quantity");
    const command = rows(page).first().locator("[data-command]");
    await qty.fill("10");
    await expect(command).toHaveText(spawnString(METAL_PICK, { qty: 10 }));
    await qty.fill("-5");
    await expect(qty).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("The quantity must be from 1 to 100,000; -5 is too small.").first()).toBeVisible();
    await expect(qty).toHaveAccessibleDescription("The quantity must be from 1 to 100,000; -5 is too small.");
    // neither the bad number nor the last good one
    await expect(page.locator("[data-command]")).toHaveCount(0);
    await expect(page.getByTestId("options-notice")).toBeVisible();
    await expect(
      rows(page)
        .first()
        .getByRole("button", { name: /Copy the spawn command/ }),
    ).toBeDisabled();
    await expect(page.getByRole("button", { name: "Copy all visible" })).toBeDisabled();
    await expect(page).toHaveURL(/qty=-5/);
    await seriousViolations(page, "invalid quantity");
    await page.getByLabel("Quality").fill("1001");
    await expect(page.getByText("The quality must be from 0 to 1,000; 1001 is too large.").first()).toBeVisible();
    await qty.fill("3");
    await page.getByLabel("Quality").fill("7");
    await expect(command).toHaveText(spawnString(METAL_PICK, { qty: 3, quality: 7 }));
    await expect(qty).not.toHaveAttribute("aria-invalid");
  });

  test("a map no item is marked for explains itself and offers to clear it", async ({ page }) => {
    await page.goto(SECOND);
    await spawnReady(page);
    await expect(page.getByRole("checkbox", { name: "Ragnarok" })).toHaveAccessibleName("Ragnarok (0)");
    await page.getByRole("checkbox", { name: "Ragnarok" }).check();
    await expect(page.getByTestId("map-notice")).toContainText("No item in this catalogue is marked for Ragnarok.");
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByTestId("no-match")).toHaveCount(0);
    await seriousViolations(page, "empty map");
    await page.getByRole("link", { name: "Clear the map filter" }).click();
    await expect(page.getByRole("checkbox", { name: "Ragnarok" })).not.toBeChecked();
    await expect(page.getByTestId("map-notice")).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`\\?mod_id=${MOD_SECOND.id}$`));
    await expect(page.getByTestId("result-count")).toHaveText("Showing 1 of 1 engram");
  });

  test("?mod_id= is the base game and keeps the parameter; base game only and one mod stay in the URL", async ({
    page,
  }) => {
    await page.goto(BASE);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Spawn codes for the base game");
    await spawnReady(page);
    await expect(page.getByTestId("result-count")).toHaveText(`Showing ${baseCount} of ${baseCount} engrams`);
    await page.getByLabel("Search by name, class or path").fill("sword");
    await expect(page).toHaveURL(/\/spawn\/\?mod_id=&q=sword$/);
    await expect(rows(page).filter({ hasText: "Primal Test Mod" })).toHaveCount(0);

    await page.goto("/spawn/?q=sword");
    await spawnReady(page);
    const mod = page.getByLabel("Mod", { exact: true });
    await mod.selectOption({ label: "Base game only" });
    await expect(page).toHaveURL(/mod=base/);
    await expect(rows(page).filter({ hasText: "Primal Test Mod" })).toHaveCount(0);
    await page.reload();
    await spawnReady(page);
    await expect(mod).toHaveValue("base");
    await mod.selectOption({ label: MOD_PRIMAL.name });
    await expect(page).toHaveURL(new RegExp(`mod=${MOD_PRIMAL.id}`));
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("Metal Sword");
  });

  test("names sort by the reader's locale: letters before case, on the server and in the browser", async ({
    page,
    browser,
  }) => {
    const res = await page.request.get(`/spawn/rows.json?mod_id=&locale=en`);
    const labels = ((await res.json()) as [string][]).map((r) => r[0]);
    expect(labels.indexOf("Absorbent Substrate")).toBeLessThan(labels.indexOf("ARK Thorny Dragon Saddle Skin"));
    expect(labels.indexOf("Araneo Saddle")).toBeLessThan(labels.indexOf("ARK Thorny Dragon Saddle Skin"));
    expect(labels.indexOf("ARK Thorny Dragon Saddle Skin")).toBeLessThan(labels.indexOf("Arthropluera Saddle"));
    await page.goto(BASE);
    await spawnReady(page);
    await expect(firstLabel(page)).toHaveText(labels[0]!);
    // The browser's language names the order the page fetches.
    const german = await browser.newContext({ locale: "de-DE" });
    const p = await german.newPage();
    const data = p.waitForRequest((r) => r.url().includes("/spawn/rows.json"));
    await p.goto(BASE);
    expect(new URL((await data).url()).searchParams.get("locale")).toBe("de-DE");
    await german.close();
  });
});

test("keyboard only: tab to the search, type, tab through the filters to a row's copy button", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(BASE);
  await spawnReady(page);
  const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent || "");
  const tabUntil = async (want: (name: string) => boolean, max = 40) => {
    const seen: string[] = [];
    for (let i = 0; i < max; i++) {
      await page.keyboard.press("Tab");
      const name = await focused();
      seen.push(name);
      if (want(name)) return seen;
    }
    throw new Error(`not reached by Tab: ${seen.join(" | ")}`);
  };
  await tabUntil((n) => n === "spawn-search");
  await page.keyboard.type("metal pick");
  await expect(firstLabel(page)).toHaveText("Metal Pick");
  const path = await tabUntil((n) => n.startsWith("Copy the spawn command for"));
  expect(path).toEqual(expect.arrayContaining(["Search", "spawn-bp", "spawn-qty", "spawn-prefix"]));
  expect(path.at(-1)).toBe("Copy the spawn command for Metal Pick");
  const ring = await page.evaluate(() => getComputedStyle(document.activeElement!).boxShadow);
  expect(ring).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Copied the command for Metal Pick.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(spawnString(METAL_PICK));
  await seriousViolations(page, "results, copied");
});

test("axe-core: no serious or critical violation on the spawn page's states", async ({ page }) => {
  for (const url of [
    BASE,
    `${BASE}&q=metalpick`,
    `${BASE}&q=metal%20pcik`,
    `${BASE}&q=!!!`,
    `${SECOND}&map=ragnarok`,
    `${BASE}&q=sword&qty=0`,
  ]) {
    await page.goto(url);
    await spawnReady(page);
    await seriousViolations(page, url);
  }
});
