/**
 * Keys that can be lost, in Chromium: create an identity and keep its recovery codes,
 * "lose" the key (a new browser context, nothing carried over), recover with one code on
 * /recover at 390 px, and see on the Keys page that the old key is revoked; a token made on
 * the Tokens page is shown once. The old key's signature is then refused as revoked and the
 * spent code does not work again.
 */
import { expect, test } from "@playwright/test";
import { newIdentity, publicKeyPem } from "@/lib/client/identity";
import { createClient } from "@/lib/client/http";
import { readIdentityFile } from "@/lib/client/identity-file";
import { ARTIFACTS, axeClean } from "./helpers";
import { deletedAfterAll } from "./session";

const created = deletedAfterAll();

test("create an identity, keep its codes, lose the key, recover with a code in a new browser", async ({ browser }) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Create identity" }).click();
  const userId = (await page.getByTestId("new-user-id").textContent())!;
  created.push(userId);
  const codes = await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download identity file" }).click(),
  ]);
  const oldFile = `${ARTIFACTS}/recovery-old-identity.json`;
  await download.saveAs(oldFile);
  await page.getByLabel("I kept my recovery codes").check();
  await page.getByRole("button", { name: "Continue to the dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await first.close();

  // The key is lost: a browser with nothing of the first one.
  const second = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await second.newPage();
  await phone.goto("/recover");
  await axeClean(phone, "/recover at 390 px");
  await phone.getByLabel("User id").fill(userId);
  await phone.getByLabel("Recovery code").fill(codes[3]!.toUpperCase());
  await phone.getByRole("button", { name: "Make a new key and recover" }).click();
  await expect(phone.getByRole("heading", { name: /Account recovered/ })).toBeFocused();
  const [newFile] = await Promise.all([
    phone.waitForEvent("download"),
    phone.getByRole("button", { name: "Download new identity file" }).click(),
  ]);
  expect(newFile.suggestedFilename()).toBe(`beacon-identity-${userId}.json`);
  await phone.getByRole("button", { name: "Continue to your keys" }).click();
  await expect(phone).toHaveURL(/\/dashboard\/keys$/);
  const rows = phone.getByTestId("key-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "first key" })).toContainText("revoked");
  await expect(rows.filter({ hasText: "recovered" })).toContainText("primary");
  await axeClean(phone, "/dashboard/keys at 390 px");
  await phone.screenshot({ path: `${ARTIFACTS}/recovery-keys-390.png` });
  // A token for a pipeline, shown once with its prefix, then listed by its hint.
  await phone.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Tokens" }).click();
  await phone.getByLabel("Name").fill("release pipeline");
  await phone.getByLabel("documents:write").check();
  await phone.getByRole("button", { name: "Make token" }).click();
  await expect(phone.getByTestId("new-token-reveal")).toContainText(/bh_[A-Za-z0-9_-]{43}/);
  await phone.reload();
  await expect(phone.getByTestId("token-row")).toContainText("release pipeline");
  await expect(phone.getByTestId("new-token-reveal")).toHaveCount(0);
  await second.close();

  // The lost key signs nothing now, and the spent code is spent.
  const old = readIdentityFile(oldFile);
  const refused = await createClient({ serverUrl: process.env.E2E_BASE_URL!, identity: old }).request(
    "DELETE",
    "/v1/document.php/00000000-0000-4000-8000-000000000000",
  );
  expect(refused.status).toBe(401);
  expect(refused.text()).toMatch(/revoked/);
  const again = await fetch(`${process.env.E2E_BASE_URL}/v1/recovery.php/${userId}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code: codes[3], public_key: publicKeyPem(newIdentity()) }),
  });
  expect(again.status).toBe(401);
});
