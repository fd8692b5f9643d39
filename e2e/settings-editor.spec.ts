/**
 * The settings editor in Chromium against the production build: a new settings document
 * made from the fixture pair (test/fixtures/server-config) on /documents/new/settings,
 * then one walk through every group of the editor, at 1280 px and again at 390 px (each
 * group page with the accessibility check and no sideways scrolling at 390): one value
 * changed and saved per group, marked "changed", and the exports carry every change in
 * its file and section. The identity made here is deleted afterwards, with its documents.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { importIni } from "@/lib/server-config/import-ini";
import { CUSTOM_GROUP, editorGroups, fieldName, fieldViews } from "@/lib/server-config/settings-editor";
import type { ServerOption } from "@/lib/server-config/options";
import type { Identity } from "@/lib/client/identity";
import { axeClean } from "./helpers";
import { deleteIdentity, registerIdentity, signIn } from "./session";

const GAME_INI = readFileSync("test/fixtures/server-config/Game.ini", "utf8");
const GUS_INI = readFileSync("test/fixtures/server-config/GameUserSettings.ini", "utf8");

let author: Identity;
test.beforeAll(async () => {
  author = await registerIdentity();
});
test.afterAll(async () => {
  await deleteIdentity(author);
});

/** A value for the field that its checks accept and that differs from what it holds and from its default. */
function newValue(option: ServerOption, current: string, def: string | undefined): string | undefined {
  if (option.type === "string") return `walk-${current.length}`;
  if (option.type === "array/struct") return "(WalkLine=1)";
  if (option.type === "bool") {
    const flipped = /^true$/i.test(def ?? "") ? "False" : "True";
    return current.toLowerCase() === flipped.toLowerCase() ? undefined : flipped;
  }
  const candidates = option.type === "int" ? ["7", "3", "2", "1", "0"] : ["7.25", "3.5", "2", "0.5", "0"];
  return candidates.find(
    (c) =>
      (option.min === undefined || Number(c) >= option.min) &&
      (option.max === undefined || Number(c) <= option.max) &&
      Number(c) !== Number(current || NaN) &&
      Number(c) !== Number(def ?? NaN),
  );
}

async function newDocument(page: Page, title: string): Promise<string> {
  await page.goto("/documents/new/settings");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Game.ini", { exact: true }).fill(GAME_INI);
  await page.getByLabel("GameUserSettings.ini", { exact: true }).fill(GUS_INI);
  await page.getByRole("button", { name: "Make the document" }).click();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}\/settings\?created=/);
  await expect(page.getByRole("status").first()).toContainText(
    "2 passwords or other secrets in the files were left out",
  );
  return /\/documents\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
}

for (const width of [1280, 390]) {
  test(`at ${width} px: every group's editor changes a value; the exports carry each in its file and section`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await signIn(context, author);
    const page = await context.newPage();
    const id = await newDocument(page, `Walk at ${width}`);
    const imported = importIni({ "Game.ini": GAME_INI, "GameUserSettings.ini": GUS_INI }).settings;
    const expected: { option: ServerOption; value: string }[] = [];
    for (const group of editorGroups("ase")) {
      await page.goto(`/documents/${id}/settings?group=${group.id}`);
      await expect(page.getByRole("heading", { level: 2, name: group.label, exact: true })).toBeVisible();
      if (width === 390) await axeClean(page, `${group.id} at ${width}`);
      if (group.id === CUSTOM_GROUP) {
        const box = page.locator("#settings-custom_gus");
        await box.fill(`${await box.inputValue()}\n[WalkMod]\nWalkSetting=${width}\n`);
      } else {
        // A number or a switch where the group has one, else a text, else a line of a list.
        const rank = (t: string) => (t === "array/struct" ? 2 : t === "string" ? 1 : 0);
        const views = fieldViews(group, imported, "ase").sort((a, b) => rank(a.option.type) - rank(b.option.type));
        const pick = views
          .map((v) => ({ v, value: newValue(v.option, v.value, v.default) }))
          .find((p) => p.value !== undefined);
        expect(pick, `${group.id}: a field to change`).toBeDefined();
        const control = page.locator(`#settings-${pick!.v.name}`);
        if (pick!.v.option.type === "bool") await control.selectOption(pick!.value!);
        else if (pick!.v.option.type === "array/struct") await control.fill(`${pick!.v.value}\n${pick!.value!}`);
        else await control.fill(pick!.value!);
        expected.push({ option: pick!.v.option, value: pick!.value! });
      }
      await page.getByRole("button", { name: `Save ${group.label.toLowerCase()}` }).click();
      await expect(page.getByRole("status").filter({ hasText: /Saved revision \d+ \(1 changed\)/ })).toBeVisible();
      if (group.id !== CUSTOM_GROUP)
        await expect(page.locator(`li#${fieldName(expected.at(-1)!.option)}`).getByTestId("changed")).toBeVisible();
    }
    // The exports: each change in its file and section, the custom lines in theirs.
    const exported = importIni({
      "Game.ini": await (await page.request.get(`/documents/${id}/game.ini`)).text(),
      "GameUserSettings.ini": await (await page.request.get(`/documents/${id}/gameusersettings.ini`)).text(),
    }).settings;
    for (const { option, value } of expected) {
      const found = exported.filter(
        (s) =>
          s.file === option.file &&
          s.section.toLowerCase() === option.section.toLowerCase() &&
          s.key.toLowerCase() === option.key.toLowerCase(),
      );
      const values = found.map((s) => s.value);
      const where = `${option.file} [${option.section}] ${option.key}`;
      // a list keeps its lines and gains the new one; any other key is the one value
      if (option.type === "array/struct") expect(values.at(-1), where).toBe(value);
      else expect(values, where).toEqual([value]);
    }
    expect(exported).toContainEqual({
      file: "GameUserSettings.ini",
      section: "WalkMod",
      key: "WalkSetting",
      value: String(width),
    });
    expect(expected.length).toBe(editorGroups("ase").length - 1);
    // The document page sums it up by group.
    await page.goto(`/documents/${id}`);
    await expect(page.getByTestId("settings-summary")).toContainText("Breeding and imprinting");
    await context.close();
  });
}
