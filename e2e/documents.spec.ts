/** /documents and /documents/<id>: search, map and author filters, sort and paging without JavaScript; details and download. */
import { expect, test, type Page } from "@playwright/test";
import {
  BROKEN_CONTENT,
  DOCS_PER_PAGE,
  DOCUMENT_COUNT,
  LAST_UPDATED,
  TOP_DOWNLOADED,
  TOP_DOWNLOADED_PEOPLE,
  TRENDING,
  USER_B,
  XSS_DOCUMENT,
  XSS_TITLE,
  documentId,
  documentMaps,
  trendingOf,
} from "./fixtures";
import { screenshot } from "./helpers";

const items = (page: Page) => page.locator("li[data-document]");
const ids = (page: Page) => items(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-document")));

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("newest first, sorted by downloads, two pages of links", async ({ page }) => {
    await page.goto("/documents");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Documents");
    await expect(items(page)).toHaveCount(DOCS_PER_PAGE);
    expect((await ids(page))[0]).toBe(documentId(LAST_UPDATED));
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await screenshot(page, "documents");

    await page.getByRole("link", { name: "Most downloaded" }).click();
    await expect(page).toHaveURL(/\/documents\?sort=downloads$/);
    await expect(page.getByRole("link", { name: "Most downloaded" })).toHaveAttribute("aria-current", "page");
    expect((await ids(page))[0]).toBe(documentId(TOP_DOWNLOADED));
    const counts = await items(page)
      .locator("[data-downloads]")
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-downloads"))));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    const firstPage = await ids(page);
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/sort=downloads&page=2/);
    await expect(items(page)).toHaveCount(DOCUMENT_COUNT - DOCS_PER_PAGE);
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    const secondPage = await ids(page);
    expect(new Set([...firstPage, ...secondPage]).size).toBe(DOCUMENT_COUNT);
    await expect(page.getByRole("link", { name: "Next page" })).toHaveCount(0);
    await page.getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(/\/documents\?sort=downloads$/);
    expect(await ids(page)).toEqual(firstPage);
  });

  test("trending: by unique downloads in the last 7 days, each row saying how many people", async ({ page }) => {
    await page.goto("/documents");
    await page.getByRole("link", { name: "Trending" }).click();
    await expect(page).toHaveURL(/\/documents\?sort=trending$/);
    await expect(page.getByRole("link", { name: "Trending" })).toHaveAttribute("aria-current", "page");
    expect((await ids(page))[0]).toBe(documentId(TRENDING));
    const week = await items(page)
      .locator("[data-trending]")
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-trending"))));
    expect(week).toEqual([...week].sort((a, b) => b - a));
    expect(week[0]).toBe(trendingOf(TRENDING));
    await expect(items(page).first().getByTestId("trending-downloads")).toHaveText(
      `, ${trendingOf(TRENDING)} people in the last 7 days`,
    );
    await screenshot(page, "documents-trending");
    // The second page goes on in the same order.
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/sort=trending&page=2/);
    const rest = await items(page)
      .locator("[data-trending]")
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-trending"))));
    expect(Math.max(...rest)).toBeLessThanOrEqual(Math.min(...week));
    // Most downloaded counts every download: another order.
    await page.goto("/documents?sort=downloads");
    expect((await ids(page))[0]).toBe(documentId(TOP_DOWNLOADED));
    await expect(items(page).first().locator("[data-downloads]")).toHaveText(
      `5,000 downloads by about ${TOP_DOWNLOADED_PEOPLE} people`,
    );
  });

  test("a page past the last one says so and links to the last page", async ({ page }) => {
    await page.goto("/documents?page=999");
    await expect(page.getByTestId("past-last-page")).toHaveText(
      "There is no page 999: these documents fill 2 pages. Go to the last page (2)",
    );
    await expect(page.getByText("Page 999 of")).toHaveCount(0);
    await page.getByRole("link", { name: "Go to the last page (2)" }).click();
    await expect(page).toHaveURL(/\/documents\?page=2$/);
    await expect(items(page)).toHaveCount(DOCUMENT_COUNT - DOCS_PER_PAGE);
  });

  test("author filter through the form and through author links", async ({ page }) => {
    await page.goto("/documents");
    await page.getByLabel(/^Author/).fill(USER_B);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`author=${USER_B}`));
    await expect(items(page)).toHaveCount(DOCUMENT_COUNT - 25);
    await expect(page.getByText("Page 1 of 1")).toBeVisible();
    for (const link of await items(page)
      .getByRole("link", { name: /Documents by user/ })
      .all())
      await expect(link).toHaveAttribute("title", USER_B);

    await page.goto("/documents?sort=downloads");
    await items(page)
      .first()
      .getByRole("link", { name: /Documents by user/ })
      .click();
    await expect(items(page)).toHaveCount(DOCS_PER_PAGE);
    await expect(page.getByText("Page 1 of 2")).toBeVisible();

    await page.goto("/documents?author=nobody");
    await expect(page.getByRole("alert")).toContainText("not a user id");
  });

  test("search: words and a map through the form, the count and results, the query kept in the URL", async ({
    page,
  }) => {
    await page.goto("/documents");
    await page.getByRole("searchbox", { name: "Words in name or description" }).fill("PRESET 1");
    await page.getByLabel("Map").selectOption("Scorched");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/documents\?q=PRESET\+1&map=Scorched&author=$/);
    // "1" is the last word, so a prefix: "Preset number 1." and 10-19; on Scorched: 10 and 15
    const expected = [15, 10].filter((i) => documentMaps(i) & 2);
    await expect(page.getByTestId("match-count")).toHaveText(
      `${expected.length} documents match “PRESET 1” on Scorched.`,
    );
    expect(await ids(page)).toEqual(expected.map(documentId));
    await expect(page.getByRole("searchbox", { name: "Words in name or description" })).toHaveValue("PRESET 1");
    await expect(page.getByLabel("Map")).toHaveValue("Scorched");
    await screenshot(page, "documents-search");

    await page.getByRole("link", { name: "Most downloaded" }).click();
    await expect(page).toHaveURL(/\/documents\?q=PRESET\+1&map=Scorched&sort=downloads$/);
    expect(await ids(page)).toEqual([10, 15].map(documentId));

    await page.getByRole("searchbox", { name: "Words in name or description" }).fill('"loot preset"');
    await page.getByLabel("Map").selectOption("");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/documents\?sort=downloads&q=%22loot\+preset%22&map=&author=$/);
    await expect(page.getByTestId("match-count")).toHaveText(`${DOCUMENT_COUNT - 1} documents match “"loot preset"”.`);
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/q=%22loot\+preset%22&sort=downloads&page=2$/);
    await expect(items(page)).toHaveCount(DOCUMENT_COUNT - 1 - DOCS_PER_PAGE);

    await page.goto("/documents?q=nothing-like-this&map=Narnia");
    await expect(page.getByText("No document matches this search.")).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("no map called “Narnia”");
  });

  test("a document's page: metadata and a summary of its content", async ({ page }) => {
    await page.goto("/documents?sort=downloads");
    await page.getByRole("link", { name: "Loot preset 07" }).click();
    await expect(page).toHaveURL(`/documents/${documentId(TOP_DOWNLOADED)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Loot preset 07");
    await expect(page.getByText("Preset number 7.")).toBeVisible();
    await expect(page.getByRole("link", { name: /Documents by user 11111111/ })).toBeVisible();
    await expect(page.locator("dt:has-text('Revision') + dd")).toHaveText("2");
    await expect(page.locator("dt:has-text('Updated') + dd")).toHaveText("2026-10-01 19:00 UTC");
    await expect(page.getByTestId("download-count")).toHaveText("5,000");
    await expect(page.locator("dt:has-text('Downloads') + dd")).toHaveText(
      `5,000 downloads by about ${TOP_DOWNLOADED_PEOPLE} people, ${trendingOf(TOP_DOWNLOADED)} people in the last 7 days`,
    );
    await expect(page.getByText("LootSources: 3 items")).toBeVisible();
    await expect(page.getByText("Options: 2 settings")).toBeVisible();
    await expect(page.getByRole("link", { name: "Download document" })).toHaveAttribute(
      "href",
      new RegExp(`/v1/document\\.php/${documentId(TOP_DOWNLOADED)}$`),
    );
    await screenshot(page, "document");
  });

  test("content that is not JSON still gets a page", async ({ page }) => {
    await page.goto(`/documents/${documentId(BROKEN_CONTENT)}`);
    await expect(page.getByText("is not in a format this page can summarise")).toBeVisible();
  });
});

// A page's notFound() is rendered on the server as real HTML (lib/server/error-page-recovery.ts);
// e2e/every-page.spec.ts reads these pages without JavaScript too.
test("unknown document ids are 404", async ({ page }) => {
  for (const id of ["d0c00000-0000-4000-8000-999999999999", "not-a-uuid"]) {
    const res = await page.goto(`/documents/${id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Document not found");
  }
});

test("the download button downloads the document through the v1 URL and counts it", async ({ page }) => {
  const id = documentId(TOP_DOWNLOADED);
  await page.goto(`/documents/${id}`);
  await expect(page.getByTestId("download-count")).toHaveText("5,000");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download document" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("Loot preset 07.beacon");
  const chunks = await (await download.createReadStream()).toArray();
  expect(JSON.parse(Buffer.concat(chunks).toString("utf8"))).toMatchObject({ Identifier: id, Title: "Loot preset 07" });
  await page.reload();
  await expect(page.getByTestId("download-count")).toHaveText("5,001");
});

test("a document title with markup is shown as text", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`/documents/${documentId(XSS_DOCUMENT)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(XSS_TITLE);
  await expect(page.locator("article img")).toHaveCount(0);
  await page.goto("/documents?page=2");
  await expect(page.getByRole("link", { name: XSS_TITLE })).toBeVisible();
  expect(dialogs).toEqual([]);
});
