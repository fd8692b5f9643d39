/**
 * Publishing a Beacon file from "My documents" in Chromium, at 1280 and at 390 px: the
 * 2017 client's real Default Loot.beacon (the copy in lib/loot/templates) is checked on
 * the server and shown as what it is (title, its six loot sources, its maps) before
 * anything is written, then published, and a v1 client downloads the same bytes. Bad
 * files are refused in the reader's words (the API keeps its own) and write nothing; another user's
 * Identifier is refused as the API refuses it; "Publish it" after the session ended is
 * refused on the server (sent to sign-in, nothing written). axe-core finds nothing serious; no sideways scrolling.
 * Identities made here are deleted (with their documents) before the next test.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import type { Identity } from "@/lib/client/identity";
import { createDb } from "@/lib/db/client";
import { axeClean, screenshot } from "./helpers";
import { deleteIdentity, registerIdentity, signIn } from "./session";

const FILE = { name: "Default Loot.beacon", mimeType: "application/octet-stream" };
const BYTES = readFileSync("lib/loot/templates/default-loot.beacon");
const LOOT_ID = "6b5e3917-039c-4f35-99a6-58be28bb9760";
/** Each source of the file, with its item sets and entries. */
const SOURCES = [
  "Island White (Level 3) (7 item sets, 38 entries)",
  "Island Green (Level 15) (10 item sets, 53 entries)",
  "Island Blue (Level 25) (1 item set, 3 entries)",
  "Island Purple (Level 35) (1 item set, 3 entries)",
  "Island Yellow (Level 45) (1 item set, 3 entries)",
  "Island Red (Level 60) (1 item set, 3 entries)",
];

async function signedIn(browser: Browser, width: number, made: Identity[]) {
  const identity = await registerIdentity();
  made.push(identity);
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  await signIn(context, identity);
  return { identity, context, page: await context.newPage() };
}

const fileField = (page: Page) => page.getByLabel("Beacon file", { exact: true });
const fieldError = (page: Page) => page.locator("#beacon_file-error");

/** Chooses the file, checks it and expects Default Loot's preview. */
async function checkDefaultLoot(page: Page, effect: string) {
  await fileField(page).setInputFiles({ ...FILE, buffer: BYTES });
  await page.getByRole("button", { name: "Check the file" }).click();
  const preview = page.getByTestId("upload-preview");
  await expect(preview.getByTestId("upload-title")).toHaveText("Default Loot");
  await expect(preview.getByTestId("upload-maps")).toHaveText("Island");
  await expect(preview.getByTestId("upload-sources")).toContainText("6 loot sources");
  await expect(preview.getByTestId("upload-source")).toHaveText(SOURCES);
  await expect(preview.getByTestId("upload-effect")).toContainText(effect);
}

async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish it" }).click();
  await expect(page.getByTestId("upload-published")).toHaveText("Published: Default Loot (revision 1).");
  await expect(
    page.getByRole("list", { name: "My documents" }).getByRole("link", { name: "Default Loot" }),
  ).toHaveAttribute("href", `/documents/${LOOT_ID}`);
}

test("at 1280 px: a Beacon file previewed, published and downloaded as it was; publishing without a session and another user's Identifier refused", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const made: Identity[] = [];
  const db = createDb(process.env.E2E_DATABASE_URL!);
  try {
    const owner = await signedIn(browser, 1280, made);
    const page = owner.page;
    await page.goto("/dashboard/documents");
    await checkDefaultLoot(page, "A new document of yours.");
    expect(await db.document.count({ where: { id: LOOT_ID } }), "a preview writes nothing").toBe(0);
    await screenshot(page, "document-upload-preview-desktop");
    await axeClean(page, "upload preview at 1280 px");

    // The session ends before "Publish it" (signed out elsewhere): the action refuses on the
    // server and sends the browser to sign-in; nothing is written.
    await owner.context.clearCookies();
    await page.getByRole("button", { name: "Publish it" }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    expect(await db.document.count({ where: { id: LOOT_ID } }), "no session: nothing written").toBe(0);

    await signIn(owner.context, owner.identity);
    await page.goto("/dashboard/documents");
    await checkDefaultLoot(page, "A new document of yours.");
    await publish(page);
    // A v1 client downloads the file's own bytes.
    const download = await page.request.get(`/v1/document.php/${LOOT_ID}`);
    expect(Buffer.from(await download.body()).equals(BYTES)).toBe(true);
    // Its page (opened by address: a soft navigation to this large page can outlast the
    // assertion's timeout on a loaded machine, and the link's target is what matters).
    const link = page.getByTestId("upload-published").getByRole("link", { name: "Default Loot" });
    await expect(link).toHaveAttribute("href", `/documents/${LOOT_ID}`);
    await page.goto(`/documents/${LOOT_ID}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Default Loot");
    await expect(page.getByTestId("document-maps")).toHaveText("Island");

    // Someone else's file of the same Identifier: the API's refusal at the check (publishing
    // refuses it too: test/api/document-upload.test.ts).
    const stranger = await signedIn(browser, 1280, made);
    await stranger.page.goto("/dashboard/documents");
    await fileField(stranger.page).setInputFiles({ ...FILE, buffer: BYTES });
    await stranger.page.getByRole("button", { name: "Check the file" }).click();
    await expect(fieldError(stranger.page)).toHaveText("Documents published by another user cannot be changed.");
    await expect(stranger.page.getByTestId("upload-preview")).toHaveCount(0);
    const doc = await db.document.findUniqueOrThrow({ where: { id: LOOT_ID } });
    expect([doc.userId, doc.revision]).toEqual([owner.identity.userId, 1]);
    await stranger.context.close();
    await owner.context.close();
  } finally {
    await db.$disconnect();
    for (const identity of made) await deleteIdentity(identity);
  }
});

test("at 390 px: bad files are refused in the reader's words and write nothing, then the Beacon file is published", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const made: Identity[] = [];
  const db = createDb(process.env.E2E_DATABASE_URL!);
  try {
    const { page, identity, context } = await signedIn(browser, 390, made);
    await page.goto("/dashboard/documents");
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(fieldError(page)).toHaveText("Choose a .beacon file first.");
    for (const [name, text, reason] of [
      [
        "notes.beacon",
        "Campfire x2, Sparkpowder x6",
        /^This isn't a Beacon document: Beacon saves documents as JSON text, and this file is not\.$/,
      ],
      [
        "settings.beacon",
        '{"Title": "No identifier", "LootSources": []}',
        /^This isn't a Beacon document: it has no usable document id \(Identifier\)\.$/,
      ],
      ["list.beacon", "[1, 2]", /^This isn't a Beacon document: it holds something other than a document\.$/],
      ["empty.beacon", "", /^This file is empty\.$/],
      [
        "long.beacon",
        JSON.stringify({ Identifier: "6b5e3917-039c-4f35-99a6-58be28bb9761", Title: "Loot ".repeat(1000) }),
        /^The title is 5,000 characters; the limit is 100\. /,
      ],
    ] as const) {
      await fileField(page).setInputFiles({ name, mimeType: "application/octet-stream", buffer: Buffer.from(text) });
      await page.getByRole("button", { name: "Check the file" }).click();
      await expect(fieldError(page), name).toHaveText(reason);
      await expect(fileField(page)).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByTestId("upload-preview")).toHaveCount(0);
    }
    await axeClean(page, "a refused file at 390 px");
    expect(await db.document.count({ where: { userId: identity.userId } })).toBe(0);

    await checkDefaultLoot(page, "A new document of yours.");
    await axeClean(page, "upload preview at 390 px");
    await screenshot(page, "document-upload-preview-phone");
    await publish(page);
    await expect(fieldError(page)).toHaveText("");
    expect(await db.document.count({ where: { userId: identity.userId } })).toBe(1);
    await context.close();
  } finally {
    await db.$disconnect();
    for (const identity of made) await deleteIdentity(identity);
  }
});
