/**
 * What the portal walk asked for, in Chromium at 1280 and at 390 px, each page
 * checked by axe-core (nothing serious) and for sideways scrolling:
 * - one click destroys nothing: deleting a document, revoking a token or a key ask first,
 *   naming what goes (and by count); restoring a revision asks on the page, without
 *   JavaScript too;
 * - My documents shows the author's hidden document, marked;
 * - a new key is named first, its file saved, then added; a taken name is refused; the
 *   sign-in counts as a use of its key;
 * - long titles are cut in the listing, the page title and the feed; the upload, the
 *   editor, the report form and the webhook form say what is wrong in their reader's words;
 * - the Atom feeds are visible links, and signatures have their own page.
 * Identities made here are deleted (with all they own) after each test.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { beaconApi } from "@/lib/client/beacon-api";
import type { Identity } from "@/lib/client/identity";
import { createDb } from "@/lib/db/client";
import { createToken } from "@/lib/keys/tokens";
import { MOD_PRIMAL } from "./fixtures";
import { axeClean, screenshot } from "./helpers";
import { deleteIdentity, registerIdentity, signIn } from "./session";

const made: Identity[] = [];
test.afterEach(async () => {
  for (const identity of made.splice(0)) await deleteIdentity(identity);
});

async function signedIn(browser: Browser, width: number, options: { javaScript?: boolean } = {}) {
  const identity = await registerIdentity();
  made.push(identity);
  const context = await browser.newContext({
    viewport: { width, height: 844 },
    javaScriptEnabled: options.javaScript ?? true,
    acceptDownloads: true,
  });
  await signIn(context, identity);
  return { identity, context, page: await context.newPage() };
}

const api = (identity: Identity) => beaconApi({ serverUrl: process.env.E2E_BASE_URL!, identity });

/** Publishes a document `revisions` times (each a new revision); its id. */
async function publish(identity: Identity, title: string, revisions = 1, description = ""): Promise<string> {
  const id = randomUUID();
  for (let n = 1; n <= revisions; n++)
    await api(identity).documents.publish({ Identifier: id, Title: title, Description: description, Version: n });
  return id;
}

/** Clicks a button that opens a question and waits for it: a click before hydration does nothing, so it is tried again. */
async function ask(button: ReturnType<Page["getByRole"]>, question: ReturnType<Page["getByTestId"]>) {
  await expect(async () => {
    if (!(await question.isVisible())) await button.click();
    await expect(question).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
}

async function withDb<T>(work: (db: ReturnType<typeof createDb>) => Promise<T>): Promise<T> {
  const db = createDb(process.env.E2E_DATABASE_URL!);
  try {
    return await work(db);
  } finally {
    await db.$disconnect();
  }
}

for (const width of [1280, 390]) {
  test(`at ${width} px: deleting a document and revoking a token ask first; My documents shows the hidden one`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const { identity, context, page } = await signedIn(browser, width);
    const kept = await publish(identity, `Twelve revisions ${width}`, 3);
    const hidden = await publish(identity, `Hidden one ${width}`);
    await withDb((db) =>
      db.document.update({
        where: { id: hidden },
        data: { hiddenAt: new Date(), hiddenBy: "moderator", hiddenReason: "e2e" },
      }),
    );
    await page.goto("/dashboard/documents");
    const hiddenRow = page.getByRole("listitem").filter({ hasText: `Hidden one ${width}` });
    await expect(hiddenRow.getByTestId("hidden-mark")).toHaveText("hidden: only you and moderators see it");

    const row = page.getByRole("listitem").filter({ hasText: `Twelve revisions ${width}` });
    const question = row.getByTestId("confirm");
    await ask(row.getByRole("button", { name: `Delete document: Twelve revisions ${width}` }), question);
    await expect(question).toContainText(`Delete “Twelve revisions ${width}” and its 3 revisions?`);
    await expect(row.getByRole("button", { name: "Cancel" })).toBeFocused();
    await axeClean(page, `delete confirmation at ${width}`);
    await screenshot(page, `confirm-delete-${width}`);
    await row.getByRole("button", { name: "Cancel" }).click();
    await expect(question).toHaveCount(0);
    expect(await withDb((db) => db.document.count({ where: { id: kept } }))).toBe(1);
    await ask(row.getByRole("button", { name: /^Delete document/ }), question);
    await row.getByRole("button", { name: "Yes, delete it" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: `Twelve revisions ${width}` })).toHaveCount(0, {
      timeout: 30_000,
    });
    expect(await withDb((db) => db.document.count({ where: { id: kept } }))).toBe(0);

    // A week's token made now: no expiry banner yet (it warns in its last third).
    await withDb((db) =>
      createToken(db, identity.userId, { name: `ci ${width}`, scopes: ["documents:write"], expiresInDays: 7 }),
    );
    await page.goto("/dashboard/tokens");
    await expect(page.getByTestId("token-expiry")).toHaveCount(0);
    await ask(page.getByRole("button", { name: `Revoke token ci ${width}` }), page.getByTestId("confirm"));
    await expect(page.getByTestId("confirm")).toContainText(`Revoke the token “ci ${width}”?`);
    await expect(page.getByTestId("confirm")).toContainText("last used never");
    await axeClean(page, `revoke token confirmation at ${width}`);
    await page.getByRole("button", { name: "Yes, revoke it" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: `ci ${width}` })).toContainText("revoked");
    const token = await withDb((db) => db.apiToken.findFirstOrThrow({ where: { userId: identity.userId } }));
    expect(token.revokedAt).not.toBeNull();
    await context.close();
  });

  test(`at ${width} px: a new key is named first, saved, then added; revoking it asks; sign-in counts as use`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const { identity, context, page } = await signedIn(browser, width);
    await page.goto("/dashboard/keys");
    const first = page.getByTestId("key-row").filter({ hasText: "first key" });
    // The e2e session signed in with this key: that is a use.
    await expect(first).not.toContainText("last used never");

    const name = page.getByLabel("Name of the new key");
    await expect(async () => {
      if (!(await name.isVisible())) await page.getByRole("button", { name: "Make a new key in this browser" }).click();
      await expect(name).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 60_000 });
    await expect(name).toBeFocused();
    await name.fill("First Key");
    await page.getByRole("button", { name: "Make the key and save its file" }).click();
    await expect(page.locator("#new-key-add-error")).toContainText("You have a key named “First Key” already");
    await axeClean(page, `new key form at ${width}`);
    await name.fill("backup drive");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Make the key and save its file" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`beacon-identity-${identity.userId}-backup-drive.json`);
    await expect(page.getByRole("status").filter({ hasText: 'Key "backup drive" added.' })).toBeVisible();
    const saved = JSON.parse(readFileSync(await download.path(), "utf8")) as { user_id: string; private_key: string };
    expect(saved.user_id).toBe(identity.userId);
    expect(saved.private_key).toContain("BEGIN PRIVATE KEY");
    const backup = page.getByTestId("key-row").filter({ hasText: "backup drive" });
    await expect(backup).toContainText("last used never");

    await ask(backup.getByRole("button", { name: "Revoke key backup drive" }), backup.getByTestId("confirm"));
    await expect(backup.getByTestId("confirm")).toContainText("Revoke the key “backup drive”?");
    await axeClean(page, `revoke key confirmation at ${width}`);
    await backup.getByRole("button", { name: "Yes, revoke it" }).click();
    await expect(backup).toContainText("revoked");
    await context.close();
  });

  test(`at ${width} px: restoring a revision asks on the page first, without JavaScript too`, async ({ browser }) => {
    test.setTimeout(300_000);
    const { identity, context, page } = await signedIn(browser, width, { javaScript: false });
    const id = await publish(identity, `Restorable ${width}`, 2);
    await page.goto(`/documents/${id}`);
    await page.getByText("All 2 revisions kept").click();
    await page.getByRole("button", { name: "Restore revision 1" }).click();
    const confirmBox = page.getByTestId("restore-confirm");
    await expect(confirmBox).toContainText("Restore revision 1?");
    await expect(confirmBox).toContainText("Revision 3 is made with revision 1's content; revision 2 stays");
    expect((await api(identity).documents.metadata(id)).revision).toBe(2);
    await page.getByRole("button", { name: "Yes, restore revision 1" }).click();
    await expect(page.getByTestId("restored-status")).toContainText("its content is now revision 3, the current one.");
    // The question's page, checked by axe-core (which needs JavaScript).
    const checked = await context.browser()!.newContext({ viewport: { width, height: 844 } });
    await signIn(checked, identity);
    const withJs = await checked.newPage();
    await withJs.goto(`/documents/${id}?confirm_restore=1#restore-confirm`);
    await expect(withJs.getByTestId("restore-confirm")).toBeVisible();
    await axeClean(withJs, `restore confirmation at ${width}`);
    await checked.close();
    await context.close();
  });

  test(`at ${width} px: long titles are cut wherever shown; refusals say what is wrong in people's words`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const { identity, context, page } = await signedIn(browser, width);
    const long = `Loot ${width} ${"very ".repeat(1000)}long`;
    const id = await publish(identity, long, 1, "d".repeat(3000));
    await page.goto(`/documents?author=${identity.userId}`);
    const link = page.getByRole("link", { name: /^Loot \d+ very/ });
    const shown = (await link.textContent())!;
    // At most the limit: a space before the cut is dropped with it.
    expect(Array.from(shown).length).toBeLessThanOrEqual(100);
    expect(shown.endsWith("…")).toBe(true);
    await axeClean(page, `listing with a 5,000-character title at ${width}`);
    await page.goto(`/documents/${id}`);
    expect(Array.from(await page.title()).length).toBeLessThan(130);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shown);
    await page.getByText(/Title shortened: show all 5,\d{3} characters/).click();
    await axeClean(page, `document with a long title at ${width}`);
    const feed = await (await page.request.get(`/feeds/authors/${identity.userId}.atom`)).text();
    expect(feed).toContain(`>${shown}</title>`);
    expect(feed).not.toContain(
      "very very very very very very very very very very very very very very very very very very very very very very very very very very very very very very very very very very very very very very very very very",
    );

    // The browser upload: a file over the limit, and a title over it.
    await page.goto("/dashboard/documents");
    const field = page.locator("#beacon_file");
    const error = page.locator("#beacon_file-error");
    await field.setInputFiles({
      name: "big.beacon",
      mimeType: "application/json",
      buffer: Buffer.alloc(11_010_048, 32),
    });
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(error).toHaveText(/^The file is 10\.5 MB; the limit is \d+\.\d MB\.$/);
    await field.setInputFiles({
      name: "long.beacon",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ Identifier: randomUUID(), Title: "T".repeat(150) })),
    });
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(error).toHaveText(
      "The title is 150 characters; the limit is 100. Shorten it: listings show at most that.",
    );
    await axeClean(page, `upload refused in people's words at ${width}`);

    // The editor: the same rule, under its field.
    await page.goto("/documents/new");
    await page.getByRole("link", { name: /Start empty/ }).click();
    await page.getByLabel("Title").fill("T".repeat(101));
    await page.getByLabel("Description").focus();
    await expect(page.locator("#loot-doc-title-issues")).toContainText(
      "The title is 101 characters; the limit is 100.",
    );

    // The report form: a pasted text longer than a report keeps is said to be shortened; no reason chosen is said plainly.
    await page.goto(`/report/document/${id}`);
    const text = page.getByLabel(/Tell the moderators more/);
    await text.focus();
    await page.evaluate(async (t) => {
      const box = document.querySelector<HTMLTextAreaElement>("#report-text")!;
      const data = new DataTransfer();
      data.setData("text/plain", t);
      box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, "x".repeat(2500));
    await expect(page.getByTestId("report-text-cut")).toContainText(
      "Your text was shortened: it had 2,500 characters and a report keeps 2,000.",
    );
    await page.getByRole("button", { name: "Send report" }).click();
    await expect(page.locator("#report-reason-error")).toHaveText("Choose what is wrong.");
    await axeClean(page, `report form at ${width}`);

    // The webhook form.
    await page.goto("/dashboard/webhooks");
    await page.getByLabel("URL").fill("my server");
    await page.getByRole("button", { name: "Make webhook" }).click();
    await expect(page.locator("#new-webhook-url-error")).toHaveText(
      "Give your receiver's whole address, starting with https:// (no user name or password in it).",
    );
    await expect(page.locator("#new-webhook-events-error")).toHaveText("Choose at least one event.");
    await axeClean(page, `webhook form refused at ${width}`);
    await context.close();
  });
}

for (const width of [1280, 390]) {
  test(`at ${width} px: feeds are visible links, signatures have a page, sign-in speaks to everyone`, async ({
    browser,
  }) => {
    const context: BrowserContext = await browser.newContext({ viewport: { width, height: 844 } });
    const page: Page = await context.newPage();
    for (const [path, feed] of [
      ["/documents", "/feeds/documents.atom"],
      [`/spawn/?mod_id=${MOD_PRIMAL.id}`, `/feeds/mods/${MOD_PRIMAL.id}.atom`],
    ] as const) {
      await page.goto(path);
      const link = page.getByTestId("feed-link");
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("href", feed);
      const res = await page.request.get(feed);
      expect(res.status(), feed).toBe(200);
      expect(res.headers()["content-type"]).toContain("application/atom+xml");
    }
    await axeClean(page, `mod page with its feed link at ${width}`);

    await page.goto("/docs/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Verifying webhook signatures" })).toBeVisible();
    await expect(page.getByRole("region", { name: "A webhook receiver in Node.js" })).toContainText("timingSafeEqual");
    await axeClean(page, `/docs/webhooks at ${width}`);
    await screenshot(page, `docs-webhooks-${width}`);

    await page.goto("/sign-in");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to Beacon Hub");
    await expect(page.getByText("make and share loot documents")).toBeVisible();

    // The spawn page's "which command works where" shows it opens.
    await page.goto("/spawn/");
    // On a phone it sits with the command options, behind the Filters button.
    if (width < 640) await page.getByRole("button", { name: "Filters" }).click();
    const summary = page.getByTestId("item-commands-help").locator("summary");
    const marker = () => summary.evaluate((s) => getComputedStyle(s, "::before").content);
    expect(await marker()).toContain("▸");
    await summary.click();
    expect(await marker()).toContain("▾");
    await context.close();
  });
}
