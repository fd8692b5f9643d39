/**
 * The loot view and Game.ini box of `Default Loot.beacon` (the 2017 client's real
 * document), published through the v1 API by a fresh identity, with the base game's
 * catalogue rows its items need, at desktop and phone width, with and without
 * JavaScript. What the spec adds it removes afterwards, so other specs see the seed.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { beaconApi } from "@/lib/client/beacon-api";
import { newIdentity, type Identity } from "@/lib/client/identity";
import { addBaseGameEngrams, removeEngrams } from "./base-game";
import { screenshot } from "./helpers";

const DEFAULT_LOOT = readFileSync("lib/loot/templates/default-loot.beacon", "utf8");
const LOOT_ID = "6b5e3917-039c-4f35-99a6-58be28bb9760";
const LABELS = [
  "Island White (Level 3)",
  "Island Green (Level 15)",
  "Island Blue (Level 25)",
  "Island Purple (Level 35)",
  "Island Yellow (Level 45)",
  "Island Red (Level 60)",
];
const page = `/documents/${LOOT_ID}`;

let identity: Identity;
let addedUids: string[] = [];

test.beforeAll(async () => {
  identity = newIdentity("rsa-sha256");
  const api = beaconApi({ serverUrl: process.env.E2E_BASE_URL!, identity });
  await api.users.register();
  await api.documents.publish(Buffer.from(DEFAULT_LOOT));
  // The base game's rows for the document's items (the seed has only a few base rows).
  const paths = new Set([...DEFAULT_LOOT.matchAll(/"Path": "([^"]+)"/g)].map((m) => m[1]!.toLowerCase()));
  addedUids = await addBaseGameEngrams((path) => paths.has(path.toLowerCase()));
});

test.afterAll(async () => {
  await beaconApi({ serverUrl: process.env.E2E_BASE_URL!, identity }).users.delete();
  await removeEngrams(addedUids);
});

test("shows the six sources collapsed, opens one to its item names, and copies the Game.ini lines", async ({
  page: p,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await p.goto(page);
  await expect(p.getByRole("heading", { level: 1 })).toHaveText("Default Loot");
  await expect(p.getByTestId("document-maps")).toHaveText("Island");
  await expect(p.getByTestId("document-difficulty")).toHaveText("4");
  await expect(p.getByTestId("loot-source-label")).toHaveText(LABELS);
  const white = p.getByTestId("loot-source").first();
  await white.locator("summary").click();
  await expect(white.getByRole("link", { name: "Campfire", exact: true }).first()).toHaveAttribute(
    "href",
    "/spawn/?q=PrimalItemStructure_Campfire_C",
  );
  await expect(white.getByText("chosen 14.3% of the time · 6 items").first()).toBeVisible();
  await expect(white.getByText("weight 16.7% · quantity 1–2 · Primitive · blueprint 0%").first()).toBeVisible();
  await screenshot(p, "loot-default-desktop");

  // Collapsible per source.
  const campfire = white.getByRole("link", { name: "Campfire", exact: true }).first();
  await white.locator("summary").click();
  await expect(campfire).toBeHidden();

  // The copy box holds exactly what the export route answers; the button copies it.
  const ini = await (await p.request.get(`${page}/game.ini`)).text();
  await expect(p.getByTestId("game-ini")).toHaveValue(ini);
  expect(ini.split("\n").filter((l) => l.startsWith("ConfigOverrideSupplyCrateItems="))).toHaveLength(6);
  await p.getByRole("button", { name: "Copy the Game.ini lines" }).click();
  await expect(p.getByRole("button", { name: "Copy the Game.ini lines" })).toHaveText("Copied");
  expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(ini);
  await expect(p.getByRole("link", { name: "Download Game.ini" })).toHaveAttribute("href", `${page}/game.ini`);
});

/**
 * The page at 1280 px measured 10,289 px tall (document.documentElement.scrollHeight) before
 * the view got its summary and collapsed sources: every source open, every entry shown.
 */
const HEIGHT_BEFORE_PX = 10_289;

test("at 1280 px: a summary first, sources collapsed, the page under a third of its former height", async ({
  page: p,
}) => {
  await p.setViewportSize({ width: 1280, height: 800 });
  await p.goto(page);
  const summary = p.getByTestId("loot-summary");
  await expect(summary.locator("dt")).toHaveText(["Loot sources", "Item sets", "Items", "Maps"]);
  await expect(summary.locator("dd")).toHaveText(["6", "21", "179 different, in 103 entries", "Island"]);
  // The summary comes before the first source, and every source starts closed.
  const [summaryTop, firstSourceTop] = await Promise.all([
    summary.evaluate((e) => e.getBoundingClientRect().top),
    p
      .getByTestId("loot-source")
      .first()
      .evaluate((e) => e.getBoundingClientRect().top),
  ]);
  expect(summaryTop).toBeLessThan(firstSourceTop);
  expect(
    await p.getByTestId("loot-source").evaluateAll((all) => all.filter((d) => (d as HTMLDetailsElement).open).length),
  ).toBe(0);
  // This page is the only one dropping its items: no "in 1 document" link on any row.
  await expect(p.locator('a[href^="/documents?item="]')).toHaveCount(0);
  const height = await p.evaluate(() => document.documentElement.scrollHeight);
  console.log(`Default Loot's page at 1280 px: ${height} px tall (was ${HEIGHT_BEFORE_PX})`);
  expect(height).toBeLessThan(HEIGHT_BEFORE_PX / 3);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("fits 390 px without sideways scrolling", async ({ page: p }) => {
    await p.goto(page);
    await expect(p.getByTestId("loot-source")).toHaveCount(6);
    await screenshot(p, "loot-default-phone");
    await p.getByTestId("loot-source").nth(2).scrollIntoViewIfNeeded();
    await screenshot(p, "loot-default-phone-sources");
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the document search finds Default Loot by what it drops, in the players' words, and says why", async ({
    page: p,
  }) => {
    await p.goto("/documents");
    await p.getByRole("searchbox", { name: /Words/ }).fill("metal pick");
    await p.getByRole("button", { name: "Search" }).click();
    await expect(p).toHaveURL(/\/documents\?q=metal\+pick/);
    const row = p.locator(`li[data-document="${LOOT_ID}"]`);
    await expect(row.getByRole("link", { name: "Default Loot" })).toBeVisible();
    await expect(row.getByTestId("document-drops")).toHaveText("Drops Metal Pick");
    const count = Number((await p.getByTestId("match-count").textContent())!.match(/^\d+/)![0]);
    await expect(p.getByTestId("match-count")).toHaveText(
      `${count} ${count === 1 ? "document matches" : "documents match"} “metal pick”.`,
    );
    await expect(p.getByTestId("item-matches")).toHaveText(
      "With the documents that drop the item these words name: Metal Pick.",
    );
    // The players' word for it finds it too (the spawn page's synonyms).
    await p.goto("/documents?q=pickaxe");
    await expect(p.locator(`li[data-document="${LOOT_ID}"]`)).toBeVisible();

    // The item's own listing reads as a sentence, with a way back to any item.
    await p.goto("/documents?q=metal+pick");
    await p.getByTestId("item-matches").getByRole("link", { name: "Metal Pick" }).click();
    await expect(p).toHaveURL(/\/documents\?item=[0-9a-f]{32}$/);
    const n = Number((await p.getByTestId("match-count").textContent())!.match(/^\d+/)![0]);
    await expect(p.getByTestId("match-count")).toHaveText(
      `${n} ${n === 1 ? "document drops" : "documents drop"} Metal Pick. Any item`,
    );
    await expect(p.locator(`li[data-document="${LOOT_ID}"]`)).toBeVisible();
    await p.getByRole("link", { name: "Any item" }).click();
    await expect(p).toHaveURL(/\/documents$/);
  });

  test("recalculates the lines for another difficulty through the form", async ({ page: p }) => {
    await p.goto(page);
    await expect(p.getByTestId("loot-source-label")).toHaveText(LABELS);
    await p.getByLabel("Server difficulty (OverrideOfficialDifficulty)").fill("5");
    await p.getByRole("button", { name: "Recalculate" }).click();
    await expect(p).toHaveURL(/\?difficulty=5$/);
    await expect(p.getByTestId("game-ini")).toHaveValue(/MinQuality=1,MaxQuality=1,/);
    await expect(p.getByRole("link", { name: "Download Game.ini" })).toHaveAttribute(
      "href",
      `${page}/game.ini?difficulty=5`,
    );
    await p.getByLabel("Server difficulty (OverrideOfficialDifficulty)").fill("hard");
    await p.getByRole("button", { name: "Recalculate" }).click();
    await expect(p.getByRole("alert")).toContainText("difficulty must be a number above 0");
  });
});
