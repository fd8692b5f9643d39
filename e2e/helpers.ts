/** Shared bits of the e2e specs. */
import type { Page } from "@playwright/test";

export const ARTIFACTS = "artifacts";

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: false });
}

/** Waits until the spawn page's client component has hydrated (filters work from then on). */
export async function spawnReady(page: Page): Promise<void> {
  await page.locator("[data-ready=true]").waitFor();
}

export function spawnString(
  path: string,
  o: { prefix?: string; qty?: number; quality?: number; blueprint?: boolean } = {},
): string {
  return `${o.prefix ?? "cheat"} giveitem "Blueprint'${path}'" ${o.qty ?? 1} ${o.quality ?? 0} ${o.blueprint ?? false}`;
}
