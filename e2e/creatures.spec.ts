/**
 * Creatures and GFI codes on the portal (docs/PORTAL.md#creatures-tab, #gfi-codes), in Chromium against the production
 * build: the spawn page's Creatures tab (level, wild or tamed, distance and offsets
 * rewriting the commands, copy one and copy all, the URL restoring the view, without
 * JavaScript, at 390 px), the GFI form of item rows (the metal pick's code from the base
 * game's catalogue, which this spec adds for its run and removes after) and a mod
 * owner's creature management on the dashboard. The seed's creatures are MOD_PRIMAL's.
 */
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import type { Identity } from "@/lib/client/identity";
import { createDb } from "@/lib/db/client";
import { addBaseGameEngrams, removeEngrams } from "./base-game";
import { MOD_PRIMAL, MOD_SECOND, PRIMAL_CREATURES } from "./fixtures";
import { screenshot, spawnReady } from "./helpers";
import { deleteIdentity, registerIdentity, signIn } from "./session";

const CREATURES = `/spawn/?mod_id=${MOD_PRIMAL.id}&tab=creatures`;
const [raptor, rex, trike] = PRIMAL_CREATURES as [
  (typeof PRIMAL_CREATURES)[number],
  (typeof PRIMAL_CREATURES)[number],
  (typeof PRIMAL_CREATURES)[number],
];
const classOf = (path: string) => `${path.slice(path.lastIndexOf(".") + 1)}_C`;
const wild = (path: string, o: { dist?: number; y?: number; z?: number; level?: number; prefix?: string } = {}) =>
  `${o.prefix ?? "cheat"} spawndino "Blueprint'${path}'" ${o.dist ?? 1} ${o.y ?? 1} ${o.z ?? 1} ${o.level ?? 30}`;
const rows = (page: Page) => page.locator("tbody tr[data-row]");
const command = (page: Page, label: string) =>
  rows(page)
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("[data-command]");

test.describe("the Creatures tab", () => {
  test("level, tamed or wild, and offsets rewrite the commands; copy one and all; the URL restores the view", async ({
    page,
    context,
    browser,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(`/spawn/?mod_id=${MOD_PRIMAL.id}`);
    await spawnReady(page);
    // From the items tab to the creatures, in place.
    const tabs = page.getByRole("navigation", { name: "What to spawn" });
    await expect(tabs.getByRole("link", { name: /Items/ })).toHaveAttribute("aria-current", "page");
    await tabs.getByRole("link", { name: /Creatures/ }).click();
    await expect(page).toHaveURL(/tab=creatures/);
    await expect(tabs.getByRole("link", { name: /Creatures/ })).toHaveAttribute("aria-current", "page");
    await spawnReady(page);
    await expect(rows(page)).toHaveCount(PRIMAL_CREATURES.length);
    await expect(page.getByTestId("result-count")).toHaveText(`Showing 3 of 3 creatures`);
    await expect(command(page, raptor.label)).toHaveText(wild(raptor.path));

    await page.getByLabel("Level").fill("150");
    await page.getByLabel("Distance").fill("500");
    await page.getByLabel("Y offset").fill("-200");
    await page.getByLabel("Z offset").fill("50");
    await expect(command(page, raptor.label)).toHaveText(wild(raptor.path, { dist: 500, y: -200, z: 50, level: 150 }));
    await page.getByRole("button", { name: `Copy the spawn command for ${raptor.label}` }).click();
    await expect(page.getByRole("status")).toHaveText(`Copied the command for ${raptor.label}.`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      wild(raptor.path, { dist: 500, y: -200, z: 50, level: 150 }),
    );

    // A wrong level: said next to the field, no command anywhere, nothing to copy.
    await page.getByLabel("Level").fill("0");
    await expect(page.locator("#spawn-level-error")).toHaveText("The level must be from 1 to 1,000; 0 is too small.");
    await expect(page.getByTestId("options-notice")).toContainText("No command is shown until the options are fixed");
    await expect(page.locator("[data-command]")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Copy all visible" })).toBeDisabled();

    // Tamed: GMSummon by class; the words players use find the creature.
    await page.getByLabel("Level").fill("150");
    await page.getByLabel("Spawn as").selectOption("tamed");
    await expect(command(page, rex.label)).toHaveText(`cheat GMSummon "${classOf(rex.path)}" 150`);
    await page.getByLabel("Search by name, class or path").fill("trike");
    await expect(rows(page)).toHaveCount(1);
    await expect(command(page, trike.label)).toHaveText(`cheat GMSummon "${classOf(trike.path)}" 150`);
    await page.getByLabel("Search by name, class or path").fill("");
    await page.getByRole("checkbox", { name: "The Island" }).check();
    await page.getByRole("button", { name: "Copy all visible" }).click();
    await expect(page.getByRole("status")).toHaveText("Copied 2 commands, one per line.");
    expect((await page.evaluate(() => navigator.clipboard.readText())).split("\n")).toEqual(
      [raptor, rex].map((c) => `cheat GMSummon "${classOf(c.path)}" 150`),
    );

    // The address holds the whole view; a new browser restores it from the server's first render.
    const url = page.url();
    expect(new URL(url).search).toBe(
      `?mod_id=${MOD_PRIMAL.id}&tab=creatures&map=island&level=150&summon=tamed&dist=500&y=-200&z=50`,
    );
    const fresh = await browser.newContext();
    const again = await fresh.newPage();
    await again.goto(url);
    await spawnReady(again);
    await expect(again.getByLabel("Spawn as")).toHaveValue("tamed");
    await expect(again.getByLabel("Distance")).toHaveValue("500");
    await expect(rows(again)).toHaveCount(2);
    await expect(command(again, raptor.label)).toHaveText(`cheat GMSummon "${classOf(raptor.path)}" 150`);
    await fresh.close();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the server renders the tab from the URL; the tabs are links and Apply keeps the other tab's options", async ({
      page,
    }) => {
      await page.goto(`${CREATURES}&summon=tamed&level=77&qty=5`);
      await expect(command(page, rex.label)).toHaveText(`cheat GMSummon "${classOf(rex.path)}" 77`);
      await page.getByLabel("Spawn as").selectOption("wild");
      await page.getByLabel("Level").fill("20");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/level=20/);
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({
        mod_id: MOD_PRIMAL.id,
        tab: "creatures",
        qty: "5",
        level: "20",
        summon: "wild",
      });
      await expect(command(page, rex.label)).toHaveText(wild(rex.path, { level: 20 }));
      // The items tab keeps the quantity it was given.
      await page.getByRole("navigation", { name: "What to spawn" }).getByRole("link", { name: /Items/ }).click();
      await expect(page.locator("[data-command]").first()).toHaveText(/ 5 0 false$/);
      // A scope without creatures says so; so does the base game's where the operator did not load it (this seed).
      await page.goto(`/spawn/?mod_id=${MOD_SECOND.id}&tab=creatures`);
      // The note points to the other tab when that one has rows.
      await expect(page.getByTestId("empty-catalogue")).toHaveText(
        new RegExp(`^${MOD_SECOND.name} lists no creatures yet\\.( See the \\d+ engrams?)?$`),
      );
      await page.goto("/spawn/?mod_id=&tab=creatures");
      await expect(page.getByTestId("empty-catalogue")).toHaveText(
        /^The base game's creatures are not loaded: the operator has not loaded the catalogue\.( See the \d+ engrams?)?$/,
      );
    });
  });

  test("at 390 px: whole names and commands, no sideways scrolling, thumb-size copy buttons", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${CREATURES}&level=150&dist=500&y=-200&z=50`);
    await spawnReady(page);
    const row = rows(page).filter({ hasText: raptor.label });
    await expect(row).toBeInViewport();
    // On a phone the command sits under the name (the command column is hidden).
    await expect(row.getByText(wild(raptor.path, { dist: 500, y: -200, z: 50, level: 150 })).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const copy = await row.getByRole("button", { name: /^Copy/ }).boundingBox();
    expect(copy!.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, "creatures-phone-390");
    await page.getByRole("button", { name: /^Filters/ }).click();
    await expect(page.getByLabel("Level")).toBeInViewport();
    await screenshot(page, "creatures-phone-390-options");
  });
});

test.describe("GFI codes on item rows", () => {
  let added: string[] = [];

  test.beforeAll(async () => {
    added = await addBaseGameEngrams();
  });

  test.afterAll(() => removeEngrams(added));

  test("the page's switch shows short codes with the view's options; a row without one keeps its command and says why; copy all copies what is shown", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/spawn/?mod_id=&q=metal+pick");
    await spawnReady(page);
    await page.getByLabel("Command", { exact: true }).selectOption("gfi");
    await expect(page).toHaveURL(/cmd=gfi/);
    // What the codes are unique among (this page: the base game alone), and when the full command is safer.
    await expect(page.getByTestId("gfi-scope")).toHaveText(
      "A GFI code is the shortest part of a class name unique among the base game's items only. On a server that also runs other mods, a code may give one of their items instead: use the full command there, for another player, and in saved scripts.",
    );
    await expect(command(page, "Metal Pick")).toHaveText("cheat gfi lpic 1 0 false");
    await page.getByLabel("Quantity").fill("5");
    await page.getByLabel("Give as").selectOption("blueprint");
    await expect(command(page, "Metal Pick")).toHaveText("cheat gfi lpic 5 0 true");
    await page.getByLabel("Search by name, class or path").fill("rex saddle");
    const plain = rows(page).filter({ has: page.getByText("Rex Saddle", { exact: true }) });
    await expect(plain.locator("[data-command]")).toHaveText(
      /^cheat giveitem "Blueprint'[^']*PrimalItemArmor_RexSaddle'" 5 0 true$/,
    );
    await expect(plain.locator("[data-note]")).toHaveText("No short code: its class name is inside another item's.");
    await page.getByRole("button", { name: "Copy all visible" }).click();
    const copied = (await page.evaluate(() => navigator.clipboard.readText())).split("\n");
    expect(copied).toEqual(await page.locator("[data-command]").allTextContents());
    expect(copied.some((c) => c.startsWith("cheat gfi "))).toBe(true);
    await screenshot(page, "spawn-gfi");
    // Back to full commands, and the page without JavaScript agrees.
    await page.getByLabel("Command", { exact: true }).selectOption("full");
    await expect(page).not.toHaveURL(/cmd=gfi/);
  });

  test("each item row's toggle flips that row alone between its full command and its GFI code; copy takes what the row shows", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/spawn/?mod_id=&q=metal+pick");
    await spawnReady(page);
    const pick = rows(page).filter({ has: page.getByText("Metal Pick", { exact: true }) });
    const toggle = pick.getByRole("button", { name: "GFI code for Metal Pick" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(command(page, "Metal Pick")).toHaveText("cheat gfi lpic 1 0 false");
    await expect(page).not.toHaveURL(/cmd=gfi/);
    await pick.getByRole("button", { name: /^Copy/ }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("cheat gfi lpic 1 0 false");
    // Other rows keep the view's form.
    await page.getByLabel("Search by name, class or path").fill("pick");
    await expect(command(page, "Stone Pick")).toHaveText(/^cheat giveitem /);
    await expect(page.locator("[data-command]").filter({ hasText: /^cheat gfi / })).toHaveCount(1);
    await toggle.click();
    await expect(command(page, "Metal Pick")).toHaveText(
      /^cheat giveitem "Blueprint'[^']*PrimalItem_WeaponMetalPick'" 1 0 false$/,
    );
  });
});

test.describe("the dashboard manages a mod's creatures like its engrams", () => {
  let identity: Identity;
  const modId = String(6_200_000_000 + Math.floor(Math.random() * 99_999_999));

  test.beforeAll(async () => {
    identity = await registerIdentity();
    const db = createDb(process.env.E2E_DATABASE_URL!);
    try {
      await db.modRegistration.create({
        data: {
          userId: identity.userId,
          workshopId: modId,
          name: "Creature Mod",
          confirmationCode: randomUUID(),
          confirmed: true,
          confirmedModId: modId,
          confirmedAt: new Date(),
        },
      });
    } finally {
      await db.$disconnect();
    }
  });

  test.afterAll(async () => {
    await deleteIdentity(identity);
  });

  test("add, edit, delete; upload a CSV with a kind column; download CSV and JSON; the spawn page lists them", async ({
    page,
    context,
  }) => {
    await signIn(context, identity);
    await page.goto(`/dashboard/mods/${modId}`);
    const section = page.getByTestId("creatures-section");
    await expect(section).toContainText("This mod has no creatures yet.");

    await page.locator("#add-creature-path").fill(`/Game/Mods/Creature/Dodo_Character_BP.Dodo_Character_BP`);
    await page.locator("#add-creature-label").fill("Dodo");
    await page.getByRole("button", { name: "Add creature" }).click();
    const dodo = section.locator("tbody tr[data-creature-uid]").filter({ hasText: "Dodo" });
    await expect(dodo).toHaveCount(1);
    const uid = (await dodo.getAttribute("data-creature-uid"))!;
    await dodo.getByText("Edit").click();
    await page.locator(`#edit-creature-${uid}-label`).fill("Dodo Bird");
    await page.getByRole("button", { name: "Save creature Dodo" }).click();
    await expect(section.locator("tbody")).toContainText("Dodo Bird");
    // The add form refuses bad input next to each field, as the engram form does.
    await page.locator("#add-creature-path").fill("no slash");
    await page.getByRole("button", { name: "Add creature" }).click();
    await expect(page.locator("#add-creature-path-error")).toContainText("must start with");

    const csv = [
      "kind,path,label,availability",
      'creature,/Game/Mods/Creature/Raptor_Character_BP.Raptor_Character_BP,=Raptor,"Island,Scorched"',
      ",/Game/Mods/Creature/Rex_Character_BP.Rex_Character_BP,Rex,Ragnarok",
      "",
    ].join("\n");
    await page
      .getByLabel("Creature file")
      .setInputFiles({ name: "creatures.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Check creature file" }).click();
    await expect(page.getByTestId("creature-upload-preview")).toContainText(
      "2 creatures in the file: 2 new, 0 changed",
    );
    await page.getByRole("button", { name: "Apply 2 changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Applied: 2 added" })).toBeVisible();
    await expect(section.locator("tbody tr[data-creature-uid]")).toHaveCount(3);
    await screenshot(page, "dashboard-creatures");

    const download = await page.request.get(`/dashboard/mods/${modId}/creatures.csv`);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toBe(`attachment; filename="creatures-${modId}.csv"`);
    const text = await download.text();
    expect(text.split("\r\n")[0]).toBe("kind,path,label,availability");
    expect(text).toContain(
      `creature,/Game/Mods/Creature/Raptor_Character_BP.Raptor_Character_BP,'=Raptor,"Island,Scorched"`,
    );
    const json = (await (await page.request.get(`/dashboard/mods/${modId}/creatures.json`)).json()) as {
      kind: string;
      label: string;
    }[];
    expect(json.map((c) => [c.kind, c.label])).toEqual([
      ["creature", "=Raptor"],
      ["creature", "Dodo Bird"],
      ["creature", "Rex"],
    ]);

    await dodo.getByRole("button", { name: "Delete creature Dodo Bird" }).click();
    await expect(section.locator("tbody tr[data-creature-uid]")).toHaveCount(2);
    // The engram list beside it is untouched and still empty.
    await expect(page.getByTestId("engrams-section")).toContainText("This mod has no engrams yet.");

    await page.goto(`/spawn/?mod_id=${modId}&tab=creatures`);
    await spawnReady(page);
    await expect(rows(page)).toHaveCount(2);
    await expect(command(page, "Rex")).toHaveText(wild("/Game/Mods/Creature/Rex_Character_BP.Rex_Character_BP"));
  });
});
