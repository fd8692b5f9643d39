// The game's crates on the portal (docs/LOOT.md#the-games-crates), over the whole shipped
// catalogue: every crate's page renders with one odds row per item and its expected
// number of items; the count rule and the sort are links; "tek rifle" finds the crates
// that drop it; an item page lists the crates that drop it with their odds; an unknown
// crate is a readable 404. The walk over all 295 crates runs on SQLite (the pages read the
// database only for item names, which both engines answer alike); PostgreSQL renders a few.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { gameCrateOddsSource, gameCrates } from "@/lib/loot/game-crates";
import { itemDrops } from "@/lib/loot/item-drops";
import { sourceOdds } from "@/lib/loot/odds/odds";
import { percent } from "@/lib/loot/shares";
import { createTestDatabase } from "../support/databases";
import { startServer, type TestServer } from "../support/test-server";

const engine = inject("engine");
let server: TestServer;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase(engine, "lootcrates");
  drop = () => database.drop();
  server = await startServer({ DATABASE_URL: database.url, BASE_CATALOGUE: "true" });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await drop?.();
});

const page = async (path: string, status = 200) => {
  const res = await fetch(`${server.url}${path}`, { headers: { "Accept-Language": "en" } });
  expect(res.status, path).toBe(status);
  return (await res.text()).replaceAll("<!-- -->", "");
};
const oddsRows = (html: string) => (html.match(/data-odds-row=""/g) ?? []).length;
const expectedShown = (html: string) => /data-testid="crate-expected">([0-9.]+)/.exec(html)?.[1];

describe(`the game's crates on ${engine}`, () => {
  const crates = gameCrates();
  const walked = engine === "sqlite" ? crates : crates.filter((_, i) => i % 60 === 0);

  it(`renders ${walked.length === crates.length ? "every one of the 295" : `${walked.length} of the 295`} crate pages: one row per item, the expected number of items`, async () => {
    expect(crates).toHaveLength(295);
    for (const ref of walked) {
      const html = await page(ref.path);
      const odds = sourceOdds(gameCrateOddsSource(ref.crate));
      expect(oddsRows(html), ref.path).toBe(odds.items.length);
      expect(expectedShown(html), ref.path).toBe(odds.expectedItems.value.toFixed(2));
      expect(html).toContain(`<h1 id="crate-title"`);
    }
  }, 240_000);

  it("switches the count rule and the sort by links: rarest first, under the uniform rule", async () => {
    const red = crates.find((r) => r.crate.class === "SupplyCrate_Level60_C")!;
    expect(red.path).toBe("/loot/island/SupplyCrate_Level60_C");
    const rounded = await page(red.path);
    expect(rounded).toContain(`href="${red.path}?rule=uniform"`);
    expect(rounded).toContain(`href="${red.path}?sort=rarest"`);
    const uniform = await page(`${red.path}?rule=uniform&sort=rarest`);
    const odds = sourceOdds(gameCrateOddsSource(red.crate), { rule: "uniform" });
    expect(expectedShown(uniform)).toBe(odds.expectedItems.value.toFixed(2));
    const rarest = [...odds.items].sort((a, b) => a.atLeastOne.value - b.atLeastOne.value)[0]!;
    const firstRow = uniform.slice(uniform.indexOf("data-odds-row"));
    expect(firstRow.slice(0, firstRow.indexOf("</tr>"))).toContain(percent(rarest.atLeastOne.value));
    // An unknown rule or sort is the default, not an error.
    expect(expectedShown(await page(`${red.path}?rule=cubic&sort=sideways`))).toBe(expectedShown(rounded));
  });

  it('"tek rifle" finds the Tek Rifle and its 11 crates, most likely first', async () => {
    const html = await page("/loot?q=tek+rifle");
    expect(html).toContain("Tek Rifle");
    expect(html).toContain("Dropped by 11 crates, most likely first:");
    const first = itemDrops("PrimalItem_TekRifle_C")[0]!;
    const at = html.indexOf("Dropped by 11 crates");
    expect(html.slice(at, at + 800)).toContain(`href="${first.crate.path}"`);
    // A crate's own name finds it too.
    expect(await page("/loot?q=island+red")).toContain('href="/loot/island/SupplyCrate_Level60_C"');
    expect(await page("/loot?q=zzqqx")).toContain("No item any crate drops matches “zzqqx”");
  });

  it("an item page lists the crates that drop it, with the chance per crate", async () => {
    const html = await page("/spawn/base/PrimalItem_WeaponMetalPick_C");
    const drops = itemDrops("PrimalItem_WeaponMetalPick_C");
    expect(drops.length).toBeGreaterThan(5);
    expect(html).toContain(`href="${drops[0]!.crate.path}"`);
    expect(html).toContain(`, ${percent(drops[0]!.atLeastOne)} per crate`);
    expect(html).toContain(`All ${drops.length} crates that drop it`);
  });

  it("answers an unknown crate or map with the site's 404 page", async () => {
    expect(await page("/loot/island/NoSuchCrate_C", 404)).toContain("This page does not exist");
    await page("/loot/narnia/SupplyCrate_Level60_C", 404);
  });
});
