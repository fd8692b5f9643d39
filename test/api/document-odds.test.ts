// A loot document's odds page (docs/LOOT.md#odds-on-the-portal) over real HTTP: Default Loot
// shows every source's odds, one source a request, one row per item and the expected number
// of items the engine computes (exact); the sources, rule and sort are links; the crash-risk
// document's source is computed within the page's budget; a source too large to roll says so
// instead; a hidden document's odds are a 404 for a stranger; the document page links each
// source's odds; a revision's diff says how the odds moved. Both engines.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import type { RevisionDiffJson } from "@/lib/documents/revisions/revision-diff";
import { readLootDocument } from "@/lib/loot/loot-document";
import { boundedSourceOdds, PAGE_ODDS_BUDGET } from "@/lib/loot/odds/odds";
import { oddsSourceOf } from "@/lib/loot/odds/shape";
import { percent } from "@/lib/loot/shares";
import { hideDocument } from "@/lib/moderation/actions";
import { grantRole } from "@/lib/moderation/roles";
import { api, registeredUser, testDb } from "../support/api";
import { crashRiskContent } from "../support/crash-risk-loot";

const engine = inject("engine");
const defaultText = readFileSync(join(__dirname, "../../lib/loot/templates/default-loot.beacon"), "utf8");
const defaultLoot = readLootDocument(JSON.parse(defaultText))!;

const page = async (path: string, status = 200) => {
  const res = await fetch(`${inject("serverUrl")}${path}`, { headers: { "Accept-Language": "en" } });
  expect(res.status, path).toBe(status);
  return (await res.text()).replaceAll("<!-- -->", "");
};
const oddsRows = (html: string) => (html.match(/data-odds-row=""/g) ?? []).length;
const expectedShown = (html: string) => /data-testid="odds-expected">([0-9.]+)/.exec(html)?.[1];

async function publish(who: Identity, content: string) {
  const res = await api(who).request("POST", "/v1/document.php", { body: content, contentType: "application/json" });
  expect(res.status, res.text()).toBe(200);
}

describe(`a document's odds on ${engine}`, () => {
  const defaultId = randomUUID();
  const crashId = randomUUID();
  const hugeId = randomUUID();
  const notLootId = randomUUID();
  beforeAll(async () => {
    const who = await registeredUser();
    await publish(who, defaultText.replace(/"Identifier":\s*"[^"]+"/i, `"Identifier": "${defaultId}"`));
    await publish(who, JSON.stringify(crashRiskContent(crashId)));
    const huge = crashRiskContent(hugeId) as { LootSources: { ItemSets: { ItemEntries: object[] }[] }[] };
    // 20 entries of 60,000 units: 1.2 million item rolls a crate, past what the odds roll
    for (const entry of huge.LootSources[0]!.ItemSets[0]!.ItemEntries)
      Object.assign(entry, { MinQuantity: 60_000, MaxQuantity: 60_000 });
    await publish(who, JSON.stringify(huge));
    await publish(who, JSON.stringify({ Identifier: notLootId, Title: "Not loot", Version: 1 }));
  });

  it("shows each of Default Loot's sources: one row per item, the engine's expected items, exact", async () => {
    expect(defaultLoot.sources.length).toBeGreaterThan(1);
    for (const [i, source] of defaultLoot.sources.entries()) {
      const html = await page(`/documents/${defaultId}/odds${i === 0 ? "" : `?source=${i}`}`);
      const bounded = boundedSourceOdds(oddsSourceOf(source, defaultLoot.difficulty), {}, PAGE_ODDS_BUDGET);
      if (!("odds" in bounded)) throw new Error(`${source.label}: no odds`);
      expect(bounded.odds.exact, source.label).toBe(true);
      expect(oddsRows(html), source.label).toBe(bounded.odds.items.length);
      expect(expectedShown(html), source.label).toBe(bounded.odds.expectedItems.value.toFixed(2));
      // the sum of the items' units per crate is the crate's expected items
      const sum = bounded.odds.items.reduce((a, item) => a + item.expected.value, 0);
      expect(sum).toBeCloseTo(bounded.odds.expectedItems.value, 9);
      expect(html).toContain(`What ${source.label} drops`);
      expect(html).toContain("Every figure is exact");
    }
  });

  it("links the sources, the count rule and the sort; a junk ?source= shows the first", async () => {
    const html = await page(`/documents/${defaultId}/odds?source=1&sort=rarest`);
    expect(html).toContain(`href="/documents/${defaultId}/odds?source=1&amp;rule=uniform&amp;sort=rarest"`);
    expect(html).toContain(`href="/documents/${defaultId}/odds?sort=rarest"`);
    expect(html).toContain(`href="/documents/${defaultId}/odds?source=1"`);
    const junk = await page(`/documents/${defaultId}/odds?source=99x`);
    expect(junk).toContain(`What ${defaultLoot.sources[0]!.label} drops`);
    const uniform = await page(`/documents/${defaultId}/odds?rule=uniform`);
    expect(uniform).toMatch(/aria-current="true"[^>]*>Every count equally likely/);
  });

  it("the document page links every source's odds", async () => {
    const html = await page(`/documents/${defaultId}`);
    expect(html).toContain(`href="/documents/${defaultId}/odds"`);
    for (let i = 1; i < defaultLoot.sources.length; i++)
      expect(html).toContain(`/documents/${defaultId}/odds?source=${i}`);
  });

  it("computes the crash-risk source within the page's budget; a source past what the odds roll says so", async () => {
    const started = performance.now();
    const crash = await page(`/documents/${crashId}/odds`);
    const ms = performance.now() - started;
    console.log(`crash-risk source (4,000 item rolls a crate) odds page: ${ms.toFixed(0)} ms`);
    // one set of 20 entries, all picked: every item in every crate, 200 units each
    expect(oddsRows(crash)).toBe(20);
    expect(expectedShown(crash)).toBe("4000.00");
    const huge = await page(`/documents/${hugeId}/odds`);
    expect(huge).toContain('data-testid="odds-too-large"');
    expect(huge).toContain("1,200,000 items");
    expect(oddsRows(huge)).toBe(0);
  });

  it("a revision's diff says how the odds moved, in the API and on the page", async () => {
    const id = randomUUID();
    const who = await registeredUser();
    const first = JSON.parse(defaultText) as {
      Identifier: string;
      LootSources: { ItemSets: { SetWeight: number }[] }[];
    };
    first.Identifier = id;
    await publish(who, JSON.stringify(first));
    // Island White's Campsite set twice as likely
    first.LootSources[0]!.ItemSets[0]!.SetWeight = 1;
    await publish(who, JSON.stringify(first));
    const res = await api().request("GET", `/v1/document.php/${id}?diff`);
    expect(res.status, res.text()).toBe(200);
    const diff = res.json<RevisionDiffJson>();
    expect(diff.odds.length).toBeGreaterThan(0);
    expect(new Set(diff.odds.map((o) => o.source))).toEqual(new Set([defaultLoot.sources[0]!.label]));
    for (const o of diff.odds) {
      expect(o.text).toBe(`${o.source}: ${o.item} ${percent(o.from)} → ${percent(o.to)} per crate`);
      expect(Math.abs(o.to - o.from)).toBeGreaterThanOrEqual(0.0005);
    }
    const html = await page(`/documents/${id}?since=1`);
    expect(html).toContain("How the odds moved");
    expect((html.match(/data-testid="diff-odds"/g) ?? []).length).toBe(diff.odds.length);
  });

  it("is a readable page for a document without loot, and a 404 for a hidden one to a stranger", async () => {
    expect(await page(`/documents/${notLootId}/odds`)).toContain("This document holds no loot");
    await page(`/documents/${randomUUID()}/odds`, 404);
    const mod = await registeredUser("ed25519");
    await grantRole(testDb(), { userId: mod.userId, role: "moderator", actor: { kind: "console" } });
    await hideDocument(testDb(), {
      actor: { kind: "user", userId: mod.userId },
      documentId: crashId,
      reason: "test: odds of a hidden document",
    });
    await page(`/documents/${crashId}/odds`, 404);
  });
});
