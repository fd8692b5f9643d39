/** /spawn/: title, filters, options, copy, shareable URL, 404, escaping. */
import { expect, test } from "@playwright/test";
import { createDb } from "@/lib/db/client";
import { uidOf } from "@/lib/engrams/derive";
import { MOD_HUGE, MOD_PRIMAL, MOD_SECOND, MOD_UNCONFIRMED, PRIMAL_ENGRAMS, XSS_LABEL } from "./fixtures";
import { screenshot, spawnReady, spawnString } from "./helpers";

const primal = `/spawn/?mod_id=${MOD_PRIMAL.id}`;
const sword = PRIMAL_ENGRAMS[0]!;
const rows = (page: import("@playwright/test").Page) => page.locator("tbody tr[data-row]");
const count = (page: import("@playwright/test").Page) => page.getByTestId("result-count");

test("a mod's page: title, every engram with the v1 spawn command", async ({ page }) => {
  await page.goto(primal);
  await expect(page).toHaveTitle(`Spawn codes for ${MOD_PRIMAL.name} · Beacon Hub`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Spawn codes for ${MOD_PRIMAL.name}`);
  await spawnReady(page);
  await expect(rows(page)).toHaveCount(PRIMAL_ENGRAMS.length);
  await expect(count(page)).toHaveText(`Showing ${PRIMAL_ENGRAMS.length} of ${PRIMAL_ENGRAMS.length} engrams`);
  const row = rows(page).filter({ hasText: sword.label });
  await expect(row.locator("[data-command]")).toHaveText(spawnString(sword.path));
  await screenshot(page, "spawn-mod");
});

test("several mods: both names in the title; all spawn codes without mod_id", async ({ page }) => {
  await page.goto(`/spawn/?mod_id=${MOD_PRIMAL.id},${MOD_SECOND.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `Spawn codes for ${MOD_PRIMAL.name}, ${MOD_SECOND.name}`,
  );
  await spawnReady(page);
  await expect(rows(page)).toHaveCount(PRIMAL_ENGRAMS.length + 1);
  await page.goto("/spawn/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All spawn codes");
  await expect(page).toHaveTitle("All spawn codes · Beacon Hub");
});

test("text filter over label, class and path", async ({ page }) => {
  await page.goto(primal);
  await spawnReady(page);
  const search = page.getByLabel("Search by name, class or path");
  await search.fill("sword");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(sword.label);
  await search.fill("PrimalItemArmor_Crown_C");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Ragnarok Crown");
  await search.fill("/Resources/");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Wood Plank");
  await search.fill("no such thing");
  await expect(rows(page)).toHaveCount(0);
  await expect(page.getByText("No engram matches this view.")).toBeVisible();
});

test("map filter: any of the checked maps", async ({ page }) => {
  await page.goto(primal);
  await spawnReady(page);
  await page.getByRole("checkbox", { name: "Ragnarok" }).check();
  // Ragnarok Crown (Ragnarok) and the all-maps engram
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: "Ragnarok Crown" })).toHaveCount(1);
  await page.getByRole("checkbox", { name: "Aberration" }).check();
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole("checkbox", { name: "Ragnarok" }).uncheck();
  await page.getByRole("checkbox", { name: "Aberration" }).uncheck();
  await page.getByRole("checkbox", { name: "Scorched" }).check();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: sword.label })).toHaveCount(1);
});

test("blueprintable and mod filters", async ({ page }) => {
  await page.goto(`/spawn/?mod_id=${MOD_PRIMAL.id},${MOD_SECOND.id}`);
  await spawnReady(page);
  await page.getByLabel("Blueprintable").selectOption("no");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Wood Plank");
  await page.getByLabel("Blueprintable").selectOption("all");
  await page.getByLabel("Mod", { exact: true }).selectOption({ label: MOD_SECOND.name });
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Second Helmet");
});

test("options rewrite the command: quantity, quality, blueprint, admincheat", async ({ page }) => {
  await page.goto(primal);
  await spawnReady(page);
  await page.getByLabel("Quantity").fill("10");
  await page.getByLabel("Quality").fill("35");
  await page.getByLabel("Give as").selectOption("blueprint");
  await page.getByLabel("Prefix").selectOption("admincheat");
  const command = (label: string) => rows(page).filter({ hasText: label }).locator("[data-command]");
  await expect(command(sword.label)).toHaveText(
    spawnString(sword.path, { prefix: "admincheat", qty: 10, quality: 35, blueprint: true }),
  );
  // a resource cannot be given as a blueprint
  const plank = PRIMAL_ENGRAMS[1]!;
  await expect(command(plank.label)).toHaveText(
    spawnString(plank.path, { prefix: "admincheat", qty: 10, quality: 35, blueprint: false }),
  );
});

test("copy one and copy all visible put the commands on the clipboard", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(primal);
  await spawnReady(page);
  await page.getByRole("button", { name: `Copy the spawn command for ${sword.label}` }).click();
  await expect(page.getByRole("status")).toHaveText(`Copied the command for ${sword.label}.`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(spawnString(sword.path));

  await page.getByRole("checkbox", { name: "The Island" }).check();
  await page.getByLabel("Quantity").fill("5");
  await page.getByRole("button", { name: "Copy all visible" }).click();
  const island = PRIMAL_ENGRAMS.filter((e) => e.env & 1);
  await expect(page.getByRole("status")).toHaveText(`Copied ${island.length} commands, one per line.`);
  const text = await page.evaluate(() => navigator.clipboard.readText());
  expect(text.split("\n").sort()).toEqual(island.map((e) => spawnString(e.path, { qty: 5 })).sort());
});

test("export the view as JSON", async ({ page }) => {
  await page.goto(`${primal}&q=sword`);
  await spawnReady(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export view as JSON" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("spawn-codes.json");
  const body = JSON.parse(
    await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString("utf8")),
  ) as {
    view_url: string;
    engrams: { label: string; class: string; environments: string[]; mod_id: string; command: string }[];
  };
  expect(body.view_url).toContain("q=sword");
  expect(body.engrams).toEqual([
    expect.objectContaining({
      label: sword.label,
      class: "PrimalItem_WeaponMetalSword_C",
      environments: ["Island", "Scorched"],
      mod_id: MOD_PRIMAL.id,
      command: spawnString(sword.path),
    }),
  ]);
});

test("the view is in the URL and a shared URL restores it", async ({ page, browser }) => {
  await page.goto(primal);
  await spawnReady(page);
  await page.getByLabel("Search by name, class or path").fill("sword");
  await page.getByRole("checkbox", { name: "Scorched" }).check();
  await page.getByLabel("Quantity").fill("20");
  await page.getByLabel("Prefix").selectOption("admincheat");
  await expect(page).toHaveURL(/q=sword/);
  const shared = page.url();
  expect(new URL(shared).searchParams.get("mod_id")).toBe(MOD_PRIMAL.id);
  expect(new URL(shared).searchParams.get("map")).toBe("scorched");

  // A fresh browser context: nothing but the URL carries the view.
  const other = await browser.newContext();
  const fresh = await other.newPage();
  await fresh.goto(shared);
  await spawnReady(fresh);
  await expect(fresh.getByLabel("Search by name, class or path")).toHaveValue("sword");
  await expect(fresh.getByRole("checkbox", { name: "Scorched" })).toBeChecked();
  await expect(fresh.getByLabel("Quantity")).toHaveValue("20");
  await expect(fresh.getByLabel("Prefix")).toHaveValue("admincheat");
  await expect(fresh.locator("tbody tr[data-row]")).toHaveCount(1);
  await expect(fresh.locator("[data-command]").first()).toHaveText(
    spawnString(sword.path, { prefix: "admincheat", qty: 20 }),
  );
  await other.close();
});

test("an unknown or unconfirmed mod answers 404 saying it is not registered", async ({ page }) => {
  for (const id of ["123456789", MOD_UNCONFIRMED.id, "not-a-number", `${MOD_PRIMAL.id},424242`]) {
    const res = await page.goto(`/spawn/?mod_id=${id}`);
    expect(res?.status(), id).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This mod is not registered");
  }
  await screenshot(page, "spawn-404");
});

test("a label with markup shows as text and never runs", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(primal);
  await spawnReady(page);
  await expect(rows(page).filter({ hasText: XSS_LABEL })).toHaveCount(1);
  expect(await page.locator("tbody script").count()).toBe(0);
  expect(dialogs).toEqual([]);
});

test("the 20,000-engram mod windows its table", async ({ page }) => {
  await page.goto(`/spawn/?mod_id=${MOD_HUGE.id}`);
  await spawnReady(page);
  await expect(count(page)).toHaveText("Showing 20,000 of 20,000 engrams");
  expect(await rows(page).count()).toBeLessThan(100);
  await page.mouse.wheel(0, 200_000);
  await expect(page.locator("tbody tr[aria-rowindex]").first()).not.toHaveAttribute("aria-rowindex", "2");
});

test("rows.json: all rows as JSON, revalidated by ETag; 404 for an unregistered mod", async ({ request }) => {
  const res = await request.get(`/spawn/rows.json?mod_id=${MOD_PRIMAL.id}`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/json");
  const rows = (await res.json()) as unknown[][];
  expect(rows.map((r) => r[2]).sort()).toEqual(PRIMAL_ENGRAMS.map((e) => e.path).sort());
  const etag = res.headers()["etag"]!;
  expect(etag).toMatch(/^"[\w-]+"$/);
  expect(
    (await request.get(`/spawn/rows.json?mod_id=${MOD_PRIMAL.id}`, { headers: { "If-None-Match": etag } })).status(),
  ).toBe(304);
  expect((await request.get(`/spawn/rows.json?mod_id=${MOD_UNCONFIRMED.id}`)).status()).toBe(404);
});

test("a change to the engrams shows on the next visit (the row cache is checked every request)", async ({ page }) => {
  const database = createDb(process.env.E2E_DATABASE_URL!);
  const path = "/Game/Mods/PrimalTest/New/PrimalItem_Fresh.PrimalItem_Fresh";
  const search = () => page.getByLabel("Search by name, class or path");
  try {
    await page.goto(`/spawn/?mod_id=${MOD_PRIMAL.id}`);
    await spawnReady(page);
    await expect(rows(page)).toHaveCount(PRIMAL_ENGRAMS.length);

    await database.engram.create({
      data: {
        uid: uidOf(path),
        path,
        className: "PrimalItem_Fresh_C",
        classKey: "primalitem_fresh_c",
        label: "Fresh Item",
        environments: 1,
        canBlueprint: true,
        modId: MOD_PRIMAL.id,
      },
    });
    await page.reload();
    await spawnReady(page);
    await expect(rows(page)).toHaveCount(PRIMAL_ENGRAMS.length + 1);

    await database.engram.update({ where: { uid: uidOf(path) }, data: { label: "Renamed Item" } });
    await page.reload();
    await spawnReady(page);
    await search().fill("renamed");
    await expect(rows(page)).toHaveCount(1);
  } finally {
    await database.engram.deleteMany({ where: { path } });
    await database.$disconnect();
  }
  await page.goto(`/spawn/?mod_id=${MOD_PRIMAL.id}`);
  await spawnReady(page);
  await expect(rows(page)).toHaveCount(PRIMAL_ENGRAMS.length);
});
