/**
 * End-to-end tests of the portal pages in Debian's Chromium (/usr/bin/chromium; these
 * machines cannot download Playwright's browsers) against the production build, served
 * by e2e/global-setup.ts on a seeded database. Screenshots go to artifacts/.
 */
import { defineConfig, devices } from "@playwright/test";

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  outputDir: "test-results/playwright",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two shared cores: one worker keeps the timing test honest.
  workers: 1,
  forbidOnly: true,
  // npm test adds the JSON reporter (test-results/playwright.json) for its totals line.
  reporter: "list",
  use: {
    ...devices["Desktop Chrome"],
    baseURL: process.env.E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium" }],
});
