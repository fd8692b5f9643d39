/** The site's own 404 page: themed, one <title>, readable without JavaScript, no CSP violation with it. */
import { expect, test } from "@playwright/test";
import { screenshot } from "./helpers";

test("an unknown address gets the themed 404 with its scripts allowed by the CSP", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy|Content-Security-Policy/i.test(m.text()))
      violations.push(m.text());
  });
  const res = await page.goto("/no/such/page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page does not exist");
  await expect(page).toHaveTitle("Page not found · Beacon Hub");
  expect(await page.locator("title").count()).toBe(1);
  await expect(page.locator("body")).toHaveClass(/bg-slate-950/); // the site layout, not the framework's white default
  await expect(page.getByRole("banner")).toBeVisible();
  await screenshot(page, "not-found");
  // Client navigation from it works, so its scripts ran.
  await page.getByRole("main").getByRole("link", { name: "Documents" }).click();
  await expect(page).toHaveURL(/\/documents$/);
  expect(violations).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the 404 page reads and links back", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page does not exist");
    await expect(page.getByRole("main").getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  });
});

test("the site has an icon and a web app manifest", async ({ request }) => {
  const icon = await request.get("/icon.svg");
  expect(icon.headers()["content-type"]).toBe("image/svg+xml");
  const manifest = await (await request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({
    name: "Beacon Hub",
    start_url: "/",
    icons: [{ src: "/icon.svg" }, { src: "/icon-192.png" }, { src: "/icon-512.png" }],
  });
  for (const png of ["/icon-192.png", "/icon-512.png", "/favicon.ico"])
    expect((await request.get(png)).status(), png).toBe(200);
});
