/**
 * The loot editor (docs/PORTAL.md#loot-editor) in Chromium against the production build: a signed-in
 * user builds a document with two sources from nothing (keyboard and mouse), saves it,
 * and a v1 client downloads exactly what the editor showed; the Game.ini export equals
 * the editor's live lines; a second save is revision 2; a pasted Game.ini becomes an
 * editable document, also handed over from the ini checker; Default Loot.beacon survives an unchanged save; someone else gets
 * a copy; a visitor who is not signed in is told to sign in. The quick way in: "Start
 * empty", "Add an item", pick it (three clicks), saved with the maps the editor showed;
 * a crate template; issues said after the user acts; an issue's link lands below the
 * sticky toolbar. Desktop and 390 px, with
 * screenshots in artifacts/. Identities made here are deleted afterwards (with their
 * documents), so the seeded counts other specs check stay as they were.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { beaconApi } from "@/lib/client/beacon-api";
import { newIdentity, type Identity } from "@/lib/client/identity";
import { GAME_INI_SECTION, writeGameIni } from "@/lib/loot/game-ini";
import { readLootDocument } from "@/lib/loot/loot-document";
import { BASE_ENGRAMS, MOD_PRIMAL, MOD_SECOND, PRIMAL_ENGRAMS, SECOND_ENGRAMS } from "./fixtures";
import { screenshot } from "./helpers";

const TEMPLATE_TEXT = readFileSync("lib/loot/templates/default-loot.beacon", "utf8");
const SWORD = PRIMAL_ENGRAMS[0]!; // Metal Sword, Primal Test Mod, can be a blueprint
const STONE = BASE_ENGRAMS[0]!; // Stone, base game, cannot
const HELMET = SECOND_ENGRAMS[0]!; // Second Helmet, Second Mod
const tag = Math.random().toString(36).slice(2, 8);
const server = () => process.env.E2E_BASE_URL!;

let author: Identity;
let other: Identity;
const sessions = new Map<string, string>();

/** A browser context signed in as `who` (one sign-in through the page per identity, then its cookies). */
async function signedIn(
  browser: Browser,
  who: Identity,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<BrowserContext> {
  // Its own client address: the sign-in limit (10 a minute per address) counts other specs' sign-ins too.
  const extraHTTPHeaders = { "x-forwarded-for": `198.51.100.${1 + Math.floor(Math.random() * 250)}` };
  const state = sessions.get(who.userId);
  if (state) return browser.newContext({ ...options, extraHTTPHeaders, storageState: JSON.parse(state) });
  const context = await browser.newContext({ ...options, extraHTTPHeaders });
  const page = await context.newPage();
  await page.goto("/sign-in?next=/dashboard/documents");
  await page.getByLabel("User id").fill(who.userId);
  await page
    .getByLabel("Private key", { exact: true })
    .fill(who.privateKey.export({ format: "pem", type: "pkcs8" }).toString());
  await page.getByRole("button", { name: "Sign in" }).last().click();
  await expect(page.getByTestId("session-user")).toHaveText(who.userId);
  sessions.set(who.userId, JSON.stringify(await context.storageState()));
  await page.close();
  return context;
}

test.beforeAll(async () => {
  author = newIdentity("rsa-sha256");
  other = newIdentity("rsa-sha256");
  for (const who of [author, other]) await beaconApi({ serverUrl: server(), identity: who }).users.register();
});

test.afterAll(async () => {
  for (const who of [author, other]) await beaconApi({ serverUrl: server(), identity: who }).users.delete();
});

const v1Content = async (page: Page, id: string) =>
  JSON.parse(await (await page.request.get(`/v1/document.php/${id}`)).text()) as Record<string, unknown>;
const v1Meta = async (page: Page, id: string) =>
  (await (await page.request.get(`/v1/document.php/${id}?simple`)).json()) as {
    revision: number;
    user_id: string;
    name: string;
  };
const savedId = (page: Page) => /\/documents\/([0-9a-f-]{36})\?saved=1$/.exec(page.url())![1]!;

/** The options of the item picker that is open (the others' lists are hidden). */
const matches = (page: Page) => page.getByRole("listbox").getByRole("option");

/** Types into an item picker and takes the first match with the keyboard. */
async function pickItem(page: Page, picker: Locator, text: string, option: RegExp) {
  await picker.click();
  await page.keyboard.type(text);
  await expect(matches(page).first()).toHaveText(option);
  await page.keyboard.press("Enter");
}

test("a visitor who is not signed in is told to sign in, with a way back", async ({ page }) => {
  await page.goto("/documents/new");
  await expect(page.getByTestId("sign-in-needed")).toContainText("Only signed-in users can make loot documents");
  await expect(page.getByRole("link", { name: "Sign in" }).last()).toHaveAttribute(
    "href",
    "/sign-in?next=%2Fdocuments%2Fnew",
  );
  await page.goto("/documents/d0c00000-0000-4000-8000-000000000001/edit");
  await expect(page.getByTestId("sign-in-needed")).toContainText("Only signed-in users can edit loot documents");
  await expect(page.getByTestId("loot-editor")).toHaveCount(0);
});

test("build a document with two sources from nothing, save, download it through v1, export Game.ini, edit and save again", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await signedIn(browser, author, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();

  // From the documents page to an empty document.
  await page.goto("/documents");
  await page.getByRole("link", { name: "New document" }).click();
  await page.getByRole("link", { name: /Start empty/ }).click();
  const editor = page.getByTestId("loot-editor");
  await expect(editor).toBeVisible();
  // No title yet, but nothing is said before the user acts; leaving the title empty says so.
  const title = page.getByLabel("Title");
  await expect(page.getByTestId("loot-issues")).toHaveText("Problems are listed here as you fill in the document.");
  await expect(title).not.toHaveAttribute("aria-invalid", "true");
  await title.focus();
  await page.getByLabel("Description").focus();
  await expect(page.getByTestId("loot-issues")).toContainText("Give the document a title.");
  await expect(title).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Title").fill(`Editor journey ${tag}`);
  await page.getByLabel("Description").fill("Two crates <b>built</b> in the browser");
  await page.getByLabel("Difficulty (DifficultyValue)").fill("5");
  const docMaps = page.locator("#loot-doc-maps");
  await docMaps.getByLabel("Island", { exact: true }).check();
  await docMaps.getByLabel("Scorched").check();

  // Source 1 by mouse: Island White, a set "Weapons", an entry of a Metal Sword and Stone.
  await page.getByRole("button", { name: "Add loot source" }).click();
  await expect(page.locator("#loot-0-crate")).toBeFocused();
  await page.getByRole("button", { name: "Add item set to Island White (Level 3)" }).click();
  await expect(page.locator("#loot-0-0-label")).toBeFocused();
  await page.locator("#loot-0-0-label").fill("Weapons");
  await page.getByRole("button", { name: "Add entry to “Weapons”" }).click();
  await expect(page.locator("#loot-0-0-0-pick")).toBeFocused();
  await expect(page.getByTestId("loot-issues")).toContainText("This entry has no item");
  await pickItem(page, page.locator("#loot-0-0-0-pick"), "metal sw", new RegExp(`^Metal Sword · ${MOD_PRIMAL.name}`));
  await pickItem(page, page.locator("#loot-0-0-0-pick"), "Stone", /^Stone · Base game/);
  const entry = page.locator("#loot-0-0-0");
  await expect(entry.getByTestId("loot-item-name")).toHaveText(["Metal Sword", "Stone"]);
  await entry.getByLabel("Item weight").nth(1).fill("3");
  await entry.getByLabel("Max quantity").fill("3");
  await entry.getByLabel("Min quality").selectOption({ label: "Ramshackle" });
  await entry.getByLabel("Max quality").selectOption({ label: "Mastercraft" });
  await entry.getByLabel("Blueprint chance (%)").fill("25");
  await expect(entry.getByTestId("loot-item-chance")).toHaveText([
    "25% of this entry · 25% of a crate roll",
    "75% of this entry · 75% of a crate roll",
  ]);
  // A min above its max is shown where it is, and does not block saving.
  await entry.getByLabel("Min quantity").fill("4");
  await expect(entry.locator("#loot-0-0-0-minQuantity-issues")).toHaveText(
    "Warning: The minimum quantity (4) is above the maximum (3).",
  );
  await entry.getByLabel("Min quantity").fill("1");
  await expect(entry.locator("#loot-0-0-0-minQuantity-issues")).toHaveCount(0);

  // Undo and redo from the keyboard: the set's name, typed as one step.
  await page.locator("#loot-0-0-label").fill("Blades");
  await page.keyboard.press("Control+z");
  await expect(page.locator("#loot-0-0-label")).toHaveValue("Weapons");
  await page.keyboard.press("Control+Shift+z");
  await expect(page.locator("#loot-0-0-label")).toHaveValue("Blades");
  await page.keyboard.press("Control+z");

  // Every crate the game's data knows is offered, by map, after Default Loot's six.
  const groups = page.locator("#loot-new-crate optgroup");
  await expect(groups.first()).toHaveAttribute("label", "Default Loot's crates");
  expect(await groups.evaluateAll((gs) => gs.map((g) => g.getAttribute("label")))).toEqual(
    expect.arrayContaining(["The Island", "Aberration", "Lost Island", "Fjordur", "Creature and other drops"]),
  );
  expect(await page.locator("#loot-new-crate option").count()).toBeGreaterThanOrEqual(295);
  // Source 2 by keyboard alone: Island Red, a set, an entry with a Second Helmet.
  await page.locator("#loot-new-crate").focus();
  await page.locator("#loot-new-crate").selectOption({ label: "Island Red (Level 60)" });
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Add loot source" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#loot-1-crate")).toBeFocused();
  await page.locator("#loot-1-add").focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("#loot-1-0-label")).toBeFocused();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("Armour");
  await page.locator("#loot-1-0-add").focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("#loot-1-0-0-pick")).toBeFocused();
  await page.keyboard.type("second hel");
  await expect(matches(page).first()).toHaveText(new RegExp(`^Second Helmet · ${MOD_SECOND.name}`));
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  await expect(page.locator("#loot-1-0-0").getByTestId("loot-item-name")).toHaveText(["Second Helmet"]);
  // A second set in the red crate, duplicated from the first and weighted 3: 25% / 75%.
  await page.getByRole("button", { name: "Duplicate item set “Armour”" }).click();
  await expect(page.locator("#loot-1-1-duplicate")).toBeFocused();
  await page.locator("#loot-1-1-weight").fill("3");
  await expect(page.locator("#loot-1").getByTestId("loot-set-chance")).toHaveText([
    "· picked in 25% of set rolls",
    "· picked in 75% of set rolls",
  ]);

  // A source's panel follows the source when it moves: hide the white crate, move it below
  // the red one, and the red one, now first, stays open.
  await page.locator("#loot-0-toggle").click();
  await expect(page.locator("#loot-0-toggle")).toHaveAttribute("aria-expanded", "false");
  await page.getByRole("button", { name: "Move source Island White (Level 3) down" }).click();
  await expect(page.locator("#loot-0 h3")).toHaveText("Island Red (Level 60)");
  await expect(page.locator("#loot-0-toggle")).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("#loot-1-toggle")).toHaveAttribute("aria-expanded", "false");
  await page.getByRole("button", { name: "Move source Island White (Level 3) up" }).click();
  await page.locator("#loot-0-toggle").click();
  await expect(page.locator("#loot-0-0-label")).toHaveValue("Weapons");

  await expect(page.getByTestId("loot-issues")).toHaveText("No problems found.");
  const lines = await page.getByTestId("loot-source-line").allTextContents();
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(
    /^ConfigOverrideSupplyCrateItems=\(SupplyCrateClassString="SupplyCrate_Level03_C",.*SetName="Weapons"/,
  );
  // Stone cannot be a blueprint, the sword can: the entry keeps its 25%.
  expect(lines[0]).toContain(
    'ItemClassStrings=("PrimalItem_WeaponMetalSword_C","PrimalItemResource_Stone_C"),ItemsWeights=(0.25,0.75),MinQuantity=1,MaxQuantity=3,MinQuality=1,MaxQuality=4.4,bForceBlueprint=false,ChanceToBeBlueprintOverride=0.25',
  );
  await screenshot(page, "loot-editor-built-desktop");
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "loot-editor-top-desktop");

  await page.getByRole("button", { name: "Save as new document" }).click();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}\?saved=1$/);
  await expect(page.getByTestId("saved-status")).toHaveText("Saved: this is revision 1.");
  const id = savedId(page);

  // A v1 client downloads what the editor showed.
  const content = await v1Content(page, id);
  expect(content).toMatchObject({
    Version: 2,
    Identifier: id,
    Title: `Editor journey ${tag}`,
    Description: "Two crates <b>built</b> in the browser",
    DifficultyValue: 5,
    Map: 3,
    Public: true,
  });
  const sources = content.LootSources as {
    SupplyCrateClassString: string;
    Label: string;
    ItemSets: { Label: string; SetWeight: number; ItemEntries: Record<string, unknown>[] }[];
  }[];
  expect(sources.map((s) => [s.SupplyCrateClassString, s.Label])).toEqual([
    ["SupplyCrate_Level03_C", "Island White (Level 3)"],
    ["SupplyCrate_Level60_C", "Island Red (Level 60)"],
  ]);
  expect(sources[1]!.ItemSets.map((s) => [s.Label, s.SetWeight])).toEqual([
    ["Armour", 1],
    ["Armour", 3],
  ]);
  expect(sources[0]!.ItemSets[0]!.ItemEntries[0]).toEqual({
    ChanceToBeBlueprintOverride: 0.25,
    EntryWeight: 1,
    Items: [
      { Class: "PrimalItem_WeaponMetalSword_C", Path: SWORD.path, Weight: 1 },
      { Class: "PrimalItemResource_Stone_C", Path: STONE.path, Weight: 3 },
    ],
    MaxQuality: "Tier5",
    MaxQuantity: 3,
    MinQuality: "Tier2",
    MinQuantity: 1,
  });
  expect(sources[1]!.ItemSets[0]!.ItemEntries[0]!.Items).toEqual([
    { Class: "PrimalItemArmor_Helmet_C", Path: HELMET.path, Weight: 1 },
  ]);
  // The downloaded content written by the export's writer is exactly the editor's lines.
  const canBlueprint = (item: { path: string }) => item.path !== STONE.path;
  expect(writeGameIni(readLootDocument(content)!, { difficulty: 5, canBlueprint })).toBe(
    [GAME_INI_SECTION, ...lines].join("\n") + "\n",
  );
  // ...and so is the export route.
  expect(await (await page.request.get(`/documents/${id}/game.ini`)).text()).toBe(
    [GAME_INI_SECTION, ...lines].join("\n") + "\n",
  );

  // Edit again: a draft survives a reload, the save is revision 2.
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${id}/edit$`));
  await page.locator("#loot-0-0-0").getByLabel("Max quantity").fill("5");
  await expect(page.locator("#loot-save-status")).toContainText("Draft kept in this browser");
  await page.reload();
  await expect(page.locator("#loot-0-0-0").getByLabel("Max quantity")).toHaveValue("3");
  await page.getByRole("button", { name: "Restore the draft" }).click();
  await expect(page.locator("#loot-0-0-0").getByLabel("Max quantity")).toHaveValue("5");
  const editedLine = await page.getByTestId("loot-source-line").first().textContent();
  expect(editedLine).toContain("MinQuantity=1,MaxQuantity=5,");
  await page.getByRole("button", { name: "Save revision" }).click();
  await expect(page.getByTestId("saved-status")).toHaveText("Saved: this is revision 2.");
  expect((await v1Meta(page, id)).revision).toBe(2);
  expect(((await v1Content(page, id)).LootSources as typeof sources)[0]!.ItemSets[0]!.ItemEntries[0]!.MaxQuantity).toBe(
    5,
  );
  // Saved: the draft is gone.
  await page.goto(`/documents/${id}/edit`);
  await expect(page.getByTestId("loot-editor")).toBeVisible();
  await expect(page.getByRole("button", { name: "Restore the draft" })).toHaveCount(0);
  await context.close();
});

test("Start empty, Add an item, choose it: the first item in three clicks, saved with the maps the editor showed; an issue's link lands below the toolbar", async ({
  browser,
}) => {
  const context = await signedIn(browser, author, { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto("/documents/new");
  let clicks = 0;
  const click = async (target: Locator) => {
    await target.click();
    clicks++;
  };
  await click(page.getByRole("link", { name: /Start empty/ }));
  await expect(page.getByTestId("loot-issues")).not.toContainText("Give the document a title");
  await click(page.getByRole("button", { name: "Add an item" }));
  await expect(page.locator("#loot-0-0-0-pick")).toBeFocused();
  await page.keyboard.type("metal sw");
  await click(matches(page).filter({ hasText: new RegExp(`^Metal Sword · ${MOD_PRIMAL.name}`) }));
  expect(clicks).toBe(3);
  await expect(page.locator("#loot-0-0-0").getByTestId("loot-item-name")).toHaveText(["Metal Sword"]);
  // The new source's maps are the document's maps.
  for (const map of ["Island", "Center", "Ragnarok"]) {
    await expect(page.locator("#loot-0-maps").getByLabel(map, { exact: true })).toBeChecked();
    await expect(page.locator("#loot-doc-maps").getByLabel(map, { exact: true })).toBeChecked();
  }

  // Saving from the bottom of the page without a title: the issue shows; its link leads to
  // the document's fields, and neither the list nor the fields end up under the sticky toolbar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.getByRole("button", { name: "Save as new document" }).click();
  const issues = page.getByTestId("loot-issues");
  await expect(issues).toContainText("Give the document a title.");
  const below = async (what: Locator) => {
    const bar = (await page.getByTestId("loot-toolbar").boundingBox())!;
    const box = (await what.boundingBox())!;
    expect(box.y, "top below the toolbar's bottom").toBeGreaterThanOrEqual(bar.y + bar.height);
  };
  await below(issues);
  await issues.getByRole("link", { name: "Document", exact: true }).click();
  await expect(page).toHaveURL(/#loot-doc$/);
  await below(page.locator("#loot-doc"));

  await page.getByLabel("Title").fill(`First item ${tag}`);
  await page.getByRole("button", { name: "Save as new document" }).click();
  await expect(page.getByTestId("saved-status")).toHaveText("Saved: this is revision 1.");
  await expect(page.getByTestId("document-maps")).toHaveText("Island, Center, Ragnarok");
  expect(await v1Content(page, savedId(page))).toMatchObject({ Title: `First item ${tag}`, Map: 13 });
  await context.close();
});

test("a pasted Game.ini becomes an editable document, with what could not be read", async ({ browser }) => {
  const context = await signedIn(browser, author);
  const page = await context.newPage();
  await page.goto("/documents/new");
  const ini = [
    "[ServerSettings]",
    "OverrideOfficialDifficulty=5.000000",
    "[/script/shootergame.shootergamemode]",
    `ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level15_C",MinItemSets=1,MaxItemSets=1,NumItemSetsPower=1,bSetsRandomWithoutReplacement=true,ItemSets=((SetName="Pasted",MinNumItems=1,MaxNumItems=2,NumItemsPower=1,SetWeight=1,bItemsRandomWithoutReplacement=true,ItemEntries=((EntryWeight=1,ItemClassStrings=("PrimalItem_WeaponMetalSword_C","Unheard_Of_C"),ItemsWeights=(1,1),MinQuantity=1,MaxQuantity=2,MinQuality=1,MaxQuality=4.4,bForceBlueprint=false,ChanceToBeBlueprintOverride=0.5)))))`,
    'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level25_C",ItemSets=((SetName="Broken"',
  ].join("\n");
  await page.getByLabel("Game.ini", { exact: true }).fill(ini);
  await page.getByRole("button", { name: "Read the Game.ini" }).click();
  await expect(page.getByTestId("loot-editor")).toBeVisible();
  await expect(page.getByTestId("loot-editor-notice")).toContainText(
    "1 loot source, quality numbers turned into tiers for difficulty 5",
  );
  const problems = page.getByTestId("loot-read-problems");
  await expect(problems).toContainText("the class Unheard_Of_C is not in the catalogue");
  await expect(problems).toContainText("line 5: could not be read");
  const entry = page.locator("#loot-0-0-0");
  await expect(entry.getByTestId("loot-item-name")).toHaveText(["Metal Sword", "Unheard_Of_C"]);
  await expect(entry.getByLabel("Min quality")).toHaveValue("Tier2"); // 1 x 5 = Tier2's 5
  await expect(entry.getByLabel("Max quality")).toHaveValue("Tier5"); // 4.4 x 5 = 22
  await expect(page.getByTestId("loot-issues")).toContainText("The catalogue does not know Unheard_Of_C");
  await screenshot(page, "loot-editor-imported");
  await page.getByLabel("Title").fill(`Pasted ${tag}`);
  await entry.getByRole("button", { name: "Remove item Unheard_Of_C" }).click();
  await expect(entry.getByTestId("loot-item-name")).toHaveText(["Metal Sword"]);
  await page.getByLabel("Title").press("Control+s"); // saving from the keyboard
  await expect(page.getByTestId("saved-status")).toHaveText("Saved: this is revision 1.");
  const content = await v1Content(page, savedId(page));
  expect(content).toMatchObject({ Title: `Pasted ${tag}`, DifficultyValue: 5, Map: 13 });
  expect(
    (content.LootSources as { ItemSets: { ItemEntries: { Items: unknown[] }[] }[] }[])[0]!.ItemSets[0]!.ItemEntries[0]!
      .Items,
  ).toEqual([{ Class: "PrimalItem_WeaponMetalSword_C", Path: SWORD.path, Weight: 1 }]);
  await context.close();
});

test("the ini checker hands a Game.ini's crates to the editor, through sign-in and into a saved document", async ({
  browser,
}) => {
  const ini = [
    "[/script/shootergame.shootergamemode]",
    `ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",MinItemSets=1,MaxItemSets=1,NumItemSetsPower=1,bSetsRandomWithoutReplacement=true,ItemSets=((SetName="Checked",MinNumItems=1,MaxNumItems=1,NumItemsPower=1,SetWeight=1,bItemsRandomWithoutReplacement=true,ItemEntries=((EntryWeight=1,ItemClassStrings=("PrimalItem_WeaponMetalSword_C"),ItemsWeights=(1),MinQuantity=1,MaxQuantity=1,MinQuality=1,MaxQuality=2,bForceBlueprint=false,ChanceToBeBlueprintOverride=0)))))`,
  ].join("\n");
  // Not signed in: the hand-off waits in this tab through the sign-in page.
  const visitor = await browser.newContext();
  const look = await visitor.newPage();
  await look.goto("/tools/ini-check");
  await look.getByLabel("Game.ini", { exact: true }).fill(ini);
  await look.getByRole("button", { name: "Check", exact: true }).click();
  const offer = look.getByTestId("ini-open-editor");
  await expect(offer).toContainText("Your Game.ini overrides 1 crate.");
  await offer.getByRole("button", { name: "Open the loot in the editor" }).click();
  await expect(look).toHaveURL(/\/documents\/new\?start=ini$/);
  await expect(look.getByText("Sign in", { exact: false }).first()).toBeVisible();
  expect(await look.evaluate(() => sessionStorage.getItem("beacon-hub:ini-for-editor"))).toBe(ini);
  await visitor.close();

  const context = await signedIn(browser, author);
  const page = await context.newPage();
  await page.goto("/tools/ini-check");
  await page.getByLabel("Game.ini", { exact: true }).fill(ini);
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await page.getByTestId("ini-open-editor").getByRole("button", { name: "Open the loot in the editor" }).click();
  await expect(page.getByTestId("ini-handed")).toBeVisible();
  await expect(page.getByLabel("Game.ini", { exact: true })).toHaveValue(ini);
  // Read once: a reload leaves the box empty.
  expect(await page.evaluate(() => sessionStorage.getItem("beacon-hub:ini-for-editor"))).toBeNull();
  await page.getByRole("button", { name: "Read the Game.ini" }).click();
  await expect(page.getByTestId("loot-editor")).toBeVisible();
  await expect(page.locator("#loot-0-0-0").getByTestId("loot-item-name")).toHaveText(["Metal Sword"]);
  await page.getByLabel("Title").fill(`Checked ${tag}`);
  await page.getByLabel("Title").press("Control+s");
  await expect(page.getByTestId("saved-status")).toHaveText("Saved: this is revision 1.");
  const content = await v1Content(page, savedId(page));
  expect(content).toMatchObject({ Title: `Checked ${tag}` });
  expect((content.LootSources as { SupplyCrateClassString: string }[])[0]!.SupplyCrateClassString).toBe(
    "SupplyCrate_Level03_C",
  );
  await context.close();
});

test("Default Loot.beacon saved unchanged keeps every key and value, from the template and as its author's revision", async ({
  browser,
}) => {
  const context = await signedIn(browser, author);
  const page = await context.newPage();
  const template = JSON.parse(TEMPLATE_TEXT) as Record<string, unknown>;

  await page.goto("/documents/new");
  await page.getByRole("link", { name: /Start from Default Loot/ }).click();
  await expect(page.getByTestId("loot-source-title")).toHaveCount(6);
  await page.getByRole("button", { name: "Save as new document" }).click();
  await expect(page.getByTestId("saved-status")).toBeVisible();
  const fromTemplate = savedId(page);
  expect(await v1Content(page, fromTemplate)).toEqual({ ...template, Identifier: fromTemplate });

  // Published by a v1 client (its own Identifier), opened by its author, saved untouched.
  const id = crypto.randomUUID();
  const published = TEMPLATE_TEXT.replace("6B5E3917-039C-4F35-99A6-58BE28BB9760", id.toUpperCase());
  await beaconApi({ serverUrl: server(), identity: author }).documents.publish(Buffer.from(published));
  await page.goto(`/documents/${id}/edit`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Edit “Default Loot”");
  await page.getByRole("button", { name: "Show Island Blue (Level 25)" }).click();
  await expect(page.getByTestId("loot-source-line")).toHaveCount(1);
  await page.getByRole("button", { name: "Save revision" }).click();
  await expect(page.getByTestId("saved-status")).toHaveText("Saved: this is revision 2.");
  expect(await v1Content(page, id)).toEqual(JSON.parse(published));
  await context.close();
});

test("someone else's document opens as a copy, and saving makes a new document of theirs", async ({ browser }) => {
  const id = crypto.randomUUID();
  await beaconApi({ serverUrl: server(), identity: author }).documents.publish(
    Buffer.from(
      JSON.stringify({
        Identifier: id,
        Title: `Shared ${tag}`,
        Version: 2,
        LootSources: [
          {
            SupplyCrateClassString: "SupplyCrate_Level35_C",
            Label: "Purple",
            ItemSets: [
              {
                Label: "Only",
                ItemEntries: [{ Items: [{ Class: "PrimalItemResource_Stone_C", Path: STONE.path, Weight: 1 }] }],
              },
            ],
          },
        ],
      }),
    ),
  );
  const context = await signedIn(browser, other);
  const page = await context.newPage();
  await page.goto("/documents/new?from=not-a-document");
  await expect(page.getByText("No document has this id.")).toBeVisible();
  // The copy form comes back with what was typed and why it failed; an empty id is refused, with a reason.
  const fromField = page.getByLabel(/^Copy a document/);
  await expect(fromField).toHaveValue("not-a-document");
  await expect(fromField).toHaveAttribute("aria-describedby", "from-error");
  await page.goto("/documents/new?from=");
  await expect(page.locator("#from-error")).toHaveText(/^Give the id of the document to copy/);
  await page.goto("/documents/new");
  await page.getByRole("button", { name: "Copy it" }).click();
  await expect(page).toHaveURL(/\/documents\/new$/);
  expect(await fromField.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  await page.goto(`/documents/${id}`);
  await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Make a copy" })).toHaveAttribute("href", `/documents/new?from=${id}`);
  await page.goto(`/documents/${id}/edit`);
  await expect(page.getByTestId("loot-editor-notice")).toContainText(
    `You are not the author of “Shared ${tag}”, so this is a copy`,
  );
  await expect(page.getByLabel("Title")).toHaveValue(`Shared ${tag} (copy)`);
  await page.getByRole("button", { name: "Save as new document" }).click();
  await expect(page.getByTestId("saved-status")).toHaveText("Saved: this is revision 1.");
  const copy = savedId(page);
  expect(copy).not.toBe(id);
  expect(await v1Meta(page, copy)).toMatchObject({ user_id: other.userId, name: `Shared ${tag} (copy)` });
  expect(await v1Meta(page, id)).toMatchObject({ user_id: author.userId, revision: 1 });
  await context.close();
});

test("works at 390 px: a crate template, no sideways scrolling, items picked by touch", async ({ browser }) => {
  const context = await signedIn(browser, author, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto("/documents/new");
  await page.getByLabel("Start from one crate").selectOption({ label: "Island Red (Level 60): 1 item set, 3 entries" });
  await page.getByRole("button", { name: "Start from it" }).tap();
  await expect(page.getByTestId("loot-source-title")).toHaveText(["Island Red (Level 60)"]);
  await expect(page.locator("#loot-0-0-label")).toHaveValue("Lvl 60 drops");
  await expect(page.locator("#loot-0-0").getByTestId("loot-entry")).toHaveCount(3);
  await expect(page.locator("#loot-doc-maps").getByLabel("Ragnarok")).toBeChecked();
  await screenshot(page, "loot-editor-template-phone");
  const red = page.locator("#loot-0");
  await red.getByRole("button", { name: "Add entry to “Lvl 60 drops”" }).tap();
  const picker = red.getByPlaceholder("Type an item's name, class or path").last();
  await expect(picker).toBeFocused();
  await picker.fill("Stone");
  await matches(page)
    .filter({ hasText: /^Stone · Base game/ })
    .tap();
  await expect(red.getByTestId("loot-entry").last().getByTestId("loot-item-name")).toHaveText(["Stone"]);
  await red.getByTestId("loot-entry").last().scrollIntoViewIfNeeded();
  await screenshot(page, "loot-editor-entry-phone");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
