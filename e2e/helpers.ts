/** Shared bits of the e2e specs. */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

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

/** No serious or critical axe-core violation and no sideways scrolling (soft: the journey goes on). */
export async function axeClean(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  // Each violation with the first elements it names, so a failure says where.
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
  expect.soft(serious, `${what}: axe-core, serious or critical`).toEqual([]);
  expect
    .soft(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${what}: sideways`)
    .toBeLessThanOrEqual(0);
}
