/**
 * The moderation journey in Chromium at 390 px: an operator granted by the server's
 * script (`npm run moderation -- grant <id> operator`); a visitor reports a document; the
 * operator sees it in the console with the document's loot view and hides it with a
 * reason: it leaves /documents and the home page's count, and its v1 GET answers 404 to
 * others; its author reads the notice with the reason and appeals; the operator sees the
 * appeal and restores the document; the audit trail in the dashboard lists the five
 * entries (grant, report, hide, appeal, restore) with who, when and why. axe-core finds
 * nothing serious on the console's pages or the author's notice, and nothing scrolls
 * sideways.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { beaconApi } from "@/lib/client/beacon-api";
import type { Identity } from "@/lib/client/identity";
import { axeClean } from "./helpers";
import { deleteIdentity, registerIdentity, signIn } from "./session";

const identities: Identity[] = [];

test.afterAll(async () => {
  for (const identity of identities) await deleteIdentity(identity);
});

async function context(browser: Browser, identity?: Identity) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (identity) await signIn(ctx, identity);
  return ctx.newPage();
}

const documentCount = async (page: Page) => {
  await page.goto("/");
  return Number((await page.locator("[data-stat='Documents']").innerText()).replace(/,/g, ""));
};

test("report, hide with a reason, notice and appeal, restore, and the audit trail", async ({ browser, request }) => {
  // Three signed-in people and a visitor over a dozen pages: about 40 s on an idle machine,
  // up to three times that on the shared CI cores.
  test.setTimeout(180_000);
  const author = await registerIdentity();
  const operator = await registerIdentity();
  identities.push(author, operator);
  const title = `Moderated crates ${randomUUID().slice(0, 8)}`;
  const documentId = randomUUID();
  await beaconApi({ serverUrl: process.env.E2E_BASE_URL!, identity: author }).documents.publish({
    Identifier: documentId,
    Title: title,
    Description: "Reported in the e2e journey",
    Version: 1,
  });

  // The role comes from the server's script, never from the web.
  const grant = spawnSync("npm", ["run", "--silent", "moderation", "--", "grant", operator.userId, "operator"], {
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL! },
    encoding: "utf8",
  });
  expect(grant.status, grant.stderr).toBe(0);

  // A visitor reports it.
  const visitor = await context(browser);
  const before = await documentCount(visitor);
  await visitor.goto(`/documents/${documentId}`);
  await visitor.getByRole("link", { name: `Report document ${title}` }).click();
  await visitor.getByRole("radio", { name: "Spam" }).check();
  await visitor.getByLabel(/Tell the moderators more/).fill("Links to a scam site");
  await visitor.getByRole("button", { name: "Send report" }).click();
  await expect(visitor.getByText("Thank you: your report is with the moderators.")).toBeVisible();

  // The operator sees it in the console, with the document itself, and hides it.
  const mod = await context(browser, operator);
  await mod.goto("/dashboard/moderation");
  const entry = mod.getByTestId("queue-entry").filter({ hasText: title });
  await expect(entry).toContainText("Spam: Links to a scam site");
  await axeClean(mod, "moderation queue");
  await entry.getByRole("link", { name: title }).click();
  await expect(mod.getByRole("heading", { level: 1 })).toContainText(title);
  await expect(mod.getByTestId("target-report")).toContainText("anonymous visitor");
  await expect(mod.getByRole("heading", { name: /^The document itself/ })).toBeVisible();
  await axeClean(mod, "moderation target");
  await mod.getByRole("radio", { name: "hide" }).check();
  await mod.getByLabel(/^Reason \(required/).fill("Spam links to a scam site");
  await mod.getByRole("button", { name: "Apply" }).click();
  await expect(mod.getByText(`Hidden: document “${title}”.`)).toBeVisible();

  // Gone for others: the listing, the home page's count, the v1 read.
  await visitor.goto(`/documents?q=${encodeURIComponent(title)}`);
  await expect(visitor.locator(`a[href="/documents/${documentId}"]`)).toHaveCount(0);
  expect(await documentCount(visitor)).toBe(before - 1);
  expect((await request.get(`/v1/document.php/${documentId}`)).status()).toBe(404);

  // The author reads why and appeals.
  const own = await context(browser, author);
  await own.goto("/dashboard");
  const notice = own.getByTestId("hidden-notice").filter({ hasText: title });
  await expect(notice).toContainText("Spam links to a scam site");
  await axeClean(own, "the author's notice");
  await notice.getByLabel("Your answer to the moderators").fill("The links are gone now.");
  await notice.getByRole("button", { name: `Appeal: document ${title}` }).click();
  // The notice then says the appeal waits, instead of the form.
  await expect(notice).toContainText("Your appeal is with the moderators");
  await expect(notice.getByRole("button")).toHaveCount(0);

  // The appeal is back in the queue; the operator restores the document.
  await mod.goto("/dashboard/moderation");
  await expect(entry).toContainText("Appeal: The links are gone now.");
  await entry.getByRole("link", { name: title }).click();
  await mod.getByRole("radio", { name: "restore" }).check();
  await mod.getByLabel(/^Reason \(required/).fill("Appeal accepted: links removed");
  await mod.getByRole("button", { name: "Apply" }).click();
  await expect(mod.getByText(`Restored: document “${title}”.`)).toBeVisible();
  expect((await request.get(`/v1/document.php/${documentId}`)).status()).toBe(200);

  // The audit trail: the journey's five entries, newest first, with who, when and why.
  await mod.goto("/dashboard/moderation/audit");
  await axeClean(mod, "audit trail");
  const entries = mod
    .getByTestId("audit-entry")
    .filter({ has: mod.locator(`a[href$="/document/${documentId}"], a[href$="/user/${operator.userId}"]`) });
  await expect(entries).toHaveCount(5);
  const rows = await entries.evaluateAll((els) =>
    els.map((el) => ({
      action: el.querySelector("[data-testid=audit-action]")?.textContent,
      who: el.querySelector("[data-testid=audit-who]")?.textContent,
      why: el.querySelector("[data-testid=audit-why]")?.textContent,
      when: el.querySelector("time")?.getAttribute("datetime"),
    })),
  );
  expect(rows.map(({ action, who, why }) => [action, who, why])).toEqual([
    ["restore", `By user ${operator.userId}`, "Why: Appeal accepted: links removed"],
    ["appeal", `By user ${author.userId}`, "Why: The links are gone now."],
    ["hide", `By user ${operator.userId}`, "Why: Spam links to a scam site"],
    ["report", "By anonymous visitor", "Why: Spam: Links to a scam site"],
    ["grant", "By server console", "Why: operator role"],
  ]);
  for (const row of rows) expect(row.when).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
});
