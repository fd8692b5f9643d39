/**
 * Which Chromium the e2e suite drives (playwright.config.ts), found rather than assumed:
 * 1. CHROMIUM_PATH, when set (any Chromium or Chrome build Playwright can drive);
 * 2. Playwright's own build, where `npx playwright install chromium` fetched it;
 * 3. the system's: `chromium` (Debian's /usr/bin/chromium, which .ci/run installs, since
 *    CI machines cannot download Playwright's), `chromium-browser` or `google-chrome` on PATH.
 * Imports nothing of the app, so scripts/test.ts can ask before it starts the suite.
 */
import { accessSync, constants, existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { chromium } from "@playwright/test";

export interface FoundChromium {
  /** undefined: Playwright's own build, which it finds itself */
  executablePath: string | undefined;
  /** where it was found, for the run's log */
  source: string;
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this folder
    }
  }
  return null;
}

/** The Chromium to drive, or null when this machine has none. */
export function findChromium(): FoundChromium | null {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) return { executablePath: chosen, source: `CHROMIUM_PATH=${chosen}` };
  let own = "";
  try {
    own = chromium.executablePath();
  } catch {
    // this Playwright knows no build for this platform
  }
  if (own && existsSync(own)) return { executablePath: undefined, source: `Playwright's own Chromium (${own})` };
  for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
    const file = onPath(name);
    if (file) return { executablePath: file, source: file };
  }
  return null;
}
