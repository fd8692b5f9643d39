/**
 * Document revisions in Chromium against the production build: the real 2017 Default
 * Loot.beacon published through v1, changed twice in the browser editor (one entry's
 * weight, then one loot source removed): three revisions; the diff from 1 to 3 lists
 * exactly those two changes, on the page (at 390 px too, with the accessibility check)
 * and in the CLI, word for word; "what changed since revision 1" is one link; restoring
 * revision 1 from the page makes revision 4 with the original bytes. A visitor sees no
 * Restore button. The identity made here is deleted afterwards, with its document.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { beaconApi } from "@/lib/client/beacon-api";
import { newIdentity, type Identity } from "@/lib/client/identity";
import { addBaseGameEngrams, removeEngrams } from "./base-game";
import { screenshot } from "./helpers";
import { signIn } from "./session";

const ORIGINAL = readFileSync("lib/loot/templates/default-loot.beacon");
const server = () => process.env.E2E_BASE_URL!;
const run = promisify(execFile);

let author: Identity;
let added: string[] = [];

test.beforeAll(async () => {
  author = newIdentity("rsa-sha256");
  await beaconApi({ serverUrl: server(), identity: author }).users.register();
  // The campfire's name in the catalogue, as players know it.
  added = await addBaseGameEngrams((path) => path.includes("PrimalItemStructure_Campfire."));
});

test.afterAll(async () => {
  await beaconApi({ serverUrl: server(), identity: author }).users.delete();
  await removeEngrams(added);
});

const EXPECTED_CHANGES = [
  "Removed loot source “Island Blue (Level 25)” (SupplyCrate_Level25_C, 1 item set, 3 entries)",
  "Island White (Level 3) › Campsite › Campfire: chance 16.7% (weight 1) → 37.5% (weight 3)",
];

const changesOnPage = (page: Page) => page.getByTestId("diff-change").allTextContents();

test("Default Loot changed twice in the editor: three revisions, a diff of exactly those two changes, restored byte for byte", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const id = crypto.randomUUID();
  const published = Buffer.from(
    ORIGINAL.toString("utf8").replace("6B5E3917-039C-4F35-99A6-58BE28BB9760", id.toUpperCase()),
  );
  await beaconApi({ serverUrl: server(), identity: author }).documents.publish(published);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signIn(context, author);
  const page = await context.newPage();

  // Revision 2: the campfire's entry in Island White's "Campsite" set weighs 3 instead of 1.
  await page.goto(`/documents/${id}/edit`);
  await page.getByRole("button", { name: "Show Island White (Level 3)" }).click();
  const campfire = page.locator("#loot-0-0-0");
  await expect(campfire.getByTestId("loot-item-name")).toHaveText(["Campfire"]);
  await campfire.getByLabel("Entry weight").fill("3");
  await page.getByRole("button", { name: "Save revision" }).click();
  await expect(page.getByTestId("saved-status")).toHaveText("Saved: this is revision 2.");

  // Revision 3: the Island Blue source removed.
  await page.goto(`/documents/${id}/edit`);
  await page.getByRole("button", { name: "Remove source Island Blue (Level 25)" }).click();
  await expect(page.getByTestId("loot-source-title")).toHaveCount(5);
  await page.getByRole("button", { name: "Save revision" }).click();
  await expect(page.getByTestId("saved-status")).toHaveText("Saved: this is revision 3.");

  // Three revisions on the page, newest first, each saying what it changed.
  await page.getByText("All 3 revisions kept").click();
  await expect(page.getByTestId("revision-summary")).toHaveText([
    EXPECTED_CHANGES[0]!,
    EXPECTED_CHANGES[1]!,
    "First published",
  ]);

  // "What changed since revision 1": one link, and exactly the two changes.
  await page.getByRole("link", { name: "Changes since revision 1" }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${id}\\?since=1$`));
  await expect(page.getByRole("heading", { name: "What changed since revision 1" })).toBeVisible();
  expect(await changesOnPage(page)).toEqual(EXPECTED_CHANGES);
  await expect(page.getByTestId("diff-json")).toHaveCount(0);
  await expect(page.getByTestId("diff-ini").locator("summary")).toHaveText([
    "Changed: the line of SupplyCrate_Level03_C",
    "Removed: the line of SupplyCrate_Level25_C",
  ]);
  // The same diff through the compare form (1 -> 3) and as JSON.
  await page.goto(`/documents/${id}`);
  await page.getByText("All 3 revisions kept").click();
  await page.getByLabel("Changes from revision").selectOption("1");
  await page.getByLabel("to revision").selectOption("3");
  await page.getByRole("button", { name: "Show changes" }).click();
  await expect(page.getByRole("heading", { name: "Changes from revision 1 to revision 3" })).toBeVisible();
  expect(await changesOnPage(page)).toEqual(EXPECTED_CHANGES);
  const diff = (await (await page.request.get(`/v1/document.php/${id}?diff&from=1&to=3`)).json()) as {
    changes: { text: string }[];
    json: unknown[];
  };
  expect(diff.changes.map((c) => c.text)).toEqual(EXPECTED_CHANGES);
  expect(diff.json).toEqual([]);

  // The CLI prints the same changes as the page, word for word, and nothing else: the
  // same Game.ini lines too (the page's "Changed: ..." is the CLI's "changed: ...").
  const cli = await run(process.execPath, ["bin/beacon-hub.js", "docs", "diff", id, "1", "3"], {
    env: { ...process.env, BEACON_SERVER: server() },
  });
  const iniOnPage = await page.getByTestId("diff-ini").locator("summary").allTextContents();
  expect(iniOnPage).toHaveLength(2);
  expect(cli.stdout.split("\n").filter(Boolean)).toEqual([
    `Changes from revision 1 to revision 3 of ${id}:`,
    ...(await changesOnPage(page)).map((text) => `  ${text}`),
    "Game.ini lines that differ (--json prints them):",
    ...iniOnPage.map((text) => `  ${text.charAt(0).toLowerCase()}${text.slice(1)}`),
  ]);

  // At 390 px: no sideways scrolling, and no serious accessibility problem, the diff open.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/documents/${id}?since=1`);
  await page.getByTestId("diff-ini").first().locator("summary").click();
  await page.getByText("All 3 revisions kept").click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await screenshot(page, "revisions-diff-390");
  await page.setViewportSize({ width: 1280, height: 900 });

  // An older revision is viewed, downloaded and exported as it was.
  await page.goto(`/documents/${id}?revision=1`);
  await expect(page.getByTestId("revision-banner")).toContainText("You are looking at revision 1 of 3");
  await expect(page.getByTestId("game-ini")).toHaveValue(/SupplyCrate_Level25_C/);
  const download = await page.request.get(`/v1/document.php/${id}?revision=1`);
  expect(Buffer.from(await download.body()).equals(published)).toBe(true);
  expect(await (await page.request.get(`/documents/${id}/game.ini?revision=1`)).text()).toContain(
    "SupplyCrate_Level25_C",
  );

  // A visitor is offered no restore.
  const visitor = await browser.newPage();
  await visitor.goto(`/documents/${id}`);
  await visitor.getByText("All 3 revisions kept").click();
  await expect(visitor.getByRole("button", { name: /^Restore revision/ })).toHaveCount(0);
  await visitor.close();

  // The author restores revision 1: revision 4, the original bytes.
  await page.goto(`/documents/${id}`);
  await page.getByText("All 3 revisions kept").click();
  await page.getByRole("button", { name: "Restore revision 1" }).click();
  await expect(page.getByTestId("restore-confirm")).toContainText("Revision 4 is made with revision 1's content");
  await page.getByRole("button", { name: "Yes, restore revision 1" }).click();
  await expect(page.getByTestId("restored-status")).toContainText(
    "Restored revision 1: its content is now revision 4, the current one.",
  );
  const restored = await page.request.get(`/v1/document.php/${id}`);
  expect(Buffer.from(await restored.body()).equals(published)).toBe(true);
  const meta = (await (await page.request.get(`/v1/document.php/${id}?simple`)).json()) as { revision: number };
  expect(meta.revision).toBe(4);
  await expect(page.getByTestId("revision-summary").first()).toHaveText("Restored revision 1");
  await screenshot(page, "revisions-restored-1280");
  await context.close();
});
