/**
 * End-to-end tests of the portal pages in Chromium (the one e2e/chromium.ts finds:
 * CHROMIUM_PATH, Playwright's own, or the system's, as Debian's in CI) against the
 * production build, served by e2e/global-setup.ts on a seeded database. Screenshots go
 * to artifacts/.
 */
import { defineConfig, devices } from "@playwright/test";
import { findChromium } from "./e2e/chromium";

// Without any, Playwright's own launch error names `npx playwright install chromium`;
// npm test does not start the suite then (outside CI) and lists it as not run.
const browser = findChromium();

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
      executablePath: browser?.executablePath,
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
