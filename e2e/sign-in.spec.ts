/**
 * Onboarding that keeps the key, in Chromium: by keyboard alone, create
 * an identity, save its file, reach the dashboard, sign out and back in with the file;
 * the way to the dashboard does not exist before the file is saved or the "I saved my
 * key" choice is made, and leaving before that asks first; every bad file gets a
 * sentence; a display name is set on the Account page, a taken one refused.
 */
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { createDb } from "@/lib/db/client";
import { setDisplayName } from "@/lib/display-names/set-display-name";
import { ARTIFACTS } from "./helpers";
import { USER_B } from "./fixtures";

// Identities made here are deleted afterwards, so other specs see the seed as it was.
const created: string[] = [];
const TAKEN = `Seeded Author ${randomUUID().slice(0, 6)}`;

test.beforeAll(async () => {
  const db = createDb(process.env.E2E_DATABASE_URL!);
  try {
    await setDisplayName(db, { userId: USER_B, name: TAKEN });
  } finally {
    await db.$disconnect();
  }
});

test.afterAll(async () => {
  const db = createDb(process.env.E2E_DATABASE_URL!);
  try {
    await db.user.deleteMany({ where: { id: { in: created } } });
    await db.displayName.deleteMany({ where: { userId: USER_B } });
  } finally {
    await db.$disconnect();
  }
});

/** Tab forwards until `target` has the focus, and check that the focus shows. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) {
      const ring = await target.evaluate(
        (el) => `${getComputedStyle(el).boxShadow} ${getComputedStyle(el).outlineStyle}`,
      );
      expect(ring, "the focused control shows its focus").not.toBe("none none");
      return;
    }
  }
  throw new Error(`${String(target)} was not reached in ${max} presses of Tab`);
}

async function newIdentity(page: Page): Promise<string> {
  await expect(page.getByRole("heading", { name: "Now save your identity file" })).toBeFocused();
  const userId = (await page.getByTestId("new-user-id").textContent())!;
  expect(userId).toMatch(/^[0-9a-f-]{36}$/);
  created.push(userId);
  return userId;
}

test("keyboard only: create an identity, save its file, reach the dashboard, sign out, sign in with the file", async ({
  page,
}) => {
  await page.goto("/sign-in");
  await expect(page.getByText("register your Steam Workshop mod")).toBeVisible();
  // The jargon waits in the collapsed "How it works", out of the main text.
  const mainText = await page.getByRole("main").evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    copy.querySelectorAll("details").forEach((d) => d.remove());
    return copy.textContent ?? "";
  });
  expect(mainText).not.toMatch(/PKCS|PEM|one-time challenge/i);
  await expect(page.locator("details", { hasText: "How it works" })).toContainText("PKCS#8 PEM");
  await tabTo(page, page.getByRole("button", { name: "Create identity" }));
  await page.keyboard.press("Enter");
  const userId = await newIdentity(page);
  // Saving is the step: no way on yet, not even a disabled one.
  await expect(page.getByRole("button", { name: "Continue to the dashboard" })).toHaveCount(0);
  await tabTo(page, page.getByRole("button", { name: "Download identity file" }));
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  const path = `${ARTIFACTS}/sign-in-identity.json`;
  await download.saveAs(path);
  expect(download.suggestedFilename()).toBe(`beacon-identity-${userId}.json`);
  expect(JSON.parse(readFileSync(path, "utf8"))).toMatchObject({
    user_id: userId,
    scheme: "rsa-sha256",
    private_key: expect.stringContaining("PRIVATE KEY"),
  });
  await expect(page.getByRole("status").filter({ hasText: "Downloaded as" })).toBeVisible();
  // The recovery codes are the second thing to keep; the way on waits for them too.
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await expect(page.getByRole("button", { name: "Continue to the dashboard" })).toHaveCount(0);
  await tabTo(page, page.getByRole("button", { name: "Download recovery codes" }));
  const [codes] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(codes.suggestedFilename()).toBe(`beacon-recovery-codes-${userId}.txt`);
  await tabTo(page, page.getByRole("button", { name: "Continue to the dashboard" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("session-user")).toHaveText(userId);

  await tabTo(page, page.getByRole("button", { name: "Sign out" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/sign-in/);
  await tabTo(page, page.getByLabel(/^Identity file/));
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("Space")]);
  await chooser.setFiles(path);
  await tabTo(page, page.getByRole("button", { name: "Sign in" }).first());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("session-user")).toHaveText(userId);
});

test("a bad identity file gets a sentence; the explicit choice opens the way on; a display name", async ({ page }) => {
  await page.goto("/sign-in");
  const file = page.getByLabel(/^Identity file/);
  const submit = page.getByRole("button", { name: "Sign in" }).first();
  const error = page.locator("#identity_file-error");
  const tryFile = async (name: string, content: string | Buffer, expected: string | RegExp) => {
    await file.setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(content) });
    await submit.click();
    await expect(error).toContainText(expected);
    await expect(file).toHaveAttribute("aria-invalid", "true");
  };
  await submit.click();
  await expect(error).toContainText("Choose your identity file first");
  await tryFile("empty.json", "", "“empty.json” is empty");
  await tryFile("notes.txt", "hello", "“notes.txt” is not a Beacon identity file: its text is not JSON");
  await tryFile("photo.json", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]), "it is not text");
  await tryFile("other.json", '{"name": "x"}', "it has no user_id and private_key");
  await tryFile(
    "broken.json",
    JSON.stringify({
      user_id: randomUUID(),
      private_key: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
    }),
    "could not be read",
  );
  await tryFile("huge.json", "x".repeat(70 * 1024), "far too large");
  await page.screenshot({ path: `${ARTIFACTS}/sign-in-bad-file.png` });

  // A new identity: leaving before saving it asks first.
  await page.getByRole("button", { name: "Create identity" }).click();
  await newIdentity(page);
  const asked = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);
  // The explicit choice instead of a download; taking it back hides the way on again.
  const goOn = page.getByRole("button", { name: "Continue to the dashboard" });
  const choice = page.getByLabel("I saved my key");
  await expect(goOn).toHaveCount(0);
  await page.getByLabel("I kept my recovery codes").check();
  await choice.check();
  await expect(goOn).toBeVisible();
  await choice.uncheck();
  await expect(goOn).toHaveCount(0);
  await choice.check();
  await goOn.click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A display name: taken (case and separators do not matter), then one of its own.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Account" }).click();
  const field = page.getByLabel("Display name");
  await field.fill(TAKEN.toUpperCase().replaceAll(" ", "_"));
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.locator("#display-name-display_name-error")).toContainText("is taken; choose another");
  const mine = `Keyboard Author ${randomUUID().slice(0, 6)}`;
  await field.fill(`  ${mine} `);
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Your documents now show “${mine}”` })).toBeVisible();
  await expect(page.getByTestId("display-name")).toHaveText(mine);
  await page.screenshot({ path: `${ARTIFACTS}/dashboard-account-name.png` });
});
