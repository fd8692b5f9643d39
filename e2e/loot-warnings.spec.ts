/**
 * Loot warnings in Chromium (docs/LOOT.md#warnings): a document whose one set rolls 20 entries
 * of 200 units shows the crash-risk warning on its page and in the loot editor; Default
 * Loot.beacon shows none in either. At 1280 and 390 px, with the accessibility check.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { beaconApi } from "@/lib/client/beacon-api";
import type { Identity } from "@/lib/client/identity";
import { crashRiskContent } from "../test/support/crash-risk-loot";
import { axeClean, screenshot } from "./helpers";
import { deleteIdentity, registerIdentity, signIn } from "./session";

const crashId = randomUUID();
const defaultId = randomUUID();
let author: Identity;

test.beforeAll(async () => {
  author = await registerIdentity();
  const api = beaconApi({ serverUrl: process.env.E2E_BASE_URL!, identity: author });
  await api.documents.publish(JSON.stringify(crashRiskContent(crashId)));
  await api.documents.publish(
    readFileSync("lib/loot/templates/default-loot.beacon", "utf8").replace(
      /"Identifier":\s*"[^"]+"/i,
      `"Identifier": "${defaultId}"`,
    ),
  );
});

// Its documents go first, by id: loot.spec.ts checks that its Default Loot is the only
// document dropping those items, and a copy left behind would be counted there.
test.afterAll(async () => {
  await beaconApi({ serverUrl: process.env.E2E_BASE_URL!, identity: author }).documents.delete([crashId, defaultId]);
  await deleteIdentity(author);
});

// Page and editor are two tests a width: each loads two documents and runs the accessibility
// check twice, which together took past the 60 s test timeout on a loaded CI machine.
for (const width of [1280, 390]) {
  test(`the crash risk shows on the document page; Default Loot shows none (${width} px)`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await signIn(context, author);
    const page = await context.newPage();
    await page.goto(`/documents/${crashId}`);
    const warnings = page.getByTestId("loot-warnings");
    await expect(warnings).toContainText("Crash risk");
    await expect(warnings).toContainText("4,000 items");
    await axeClean(page, `document page with a crash risk at ${width}`);
    await screenshot(page, `loot-warnings-page-${width}`);

    await page.goto(`/documents/${defaultId}`);
    await expect(page.getByTestId("document-difficulty")).toBeVisible();
    await expect(page.getByTestId("loot-warnings")).toHaveCount(0);
    await context.close();
  });

  test(`the crash risk shows in the editor; Default Loot shows none (${width} px)`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await signIn(context, author);
    const page = await context.newPage();
    await page.goto(`/documents/${crashId}/edit`);
    await expect(page.getByTestId("loot-warnings")).toContainText("4,000 items");
    // its one source is open, with its odds: 20 entries of 200 units, all picked
    await expect(page.getByTestId("loot-odds-summary")).toContainText("4000.00 items per crate on average");
    await axeClean(page, `loot editor with a crash risk at ${width}`);
    await screenshot(page, `loot-warnings-editor-${width}`);

    await page.goto(`/documents/${defaultId}/edit`);
    await expect(page.getByRole("heading", { name: /Loot sources/ })).toBeVisible();
    await expect(page.getByTestId("loot-warnings")).toHaveCount(0);
    await context.close();
  });
}
