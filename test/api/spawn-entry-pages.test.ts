// Item and creature pages (docs/PORTAL.md#item-and-creature-pages) over HTTP on the
// production server, on each engine: the page of a base-game item, a creature and a
// mod's item with their commands and facts, Open Graph tags that carry the name and the
// command (what a chat's link preview shows), the builder's options from the query, a
// class two rows share, the documents that drop an item, every spawn row linking its
// page, a readable 404, and /sitemap.xml listing every page.
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { uidOf } from "@/lib/engrams/derive";
import { gameCrates } from "@/lib/loot/game-crates";
import { FIXED_PAGES } from "@/lib/portal/sitemap";
import { api, registeredUser, testDb } from "../support/api";
import { confirmedMod } from "../support/mods";

const base = () => inject("serverUrl");
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base()}${path}`, { headers });

/** A fresh class name: the tests share one server and database. */
const fresh = (stem: string) => `${stem}${randomUUID().slice(0, 8)}`;

function row(path: string, label: string, modId: string | null = null) {
  const name = path.slice(path.lastIndexOf(".") + 1);
  return {
    uid: uidOf(path),
    path,
    className: `${name}_C`,
    classKey: `${name}_c`.toLowerCase(),
    label,
    environments: 1 | 16,
    modId,
  };
}

const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];
const unescape = (s: string | undefined) =>
  s
    ?.replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const commands = (html: string) =>
  [...html.matchAll(/<code data-command=""[^>]*>([^<]*)<\/code>/g)].map((m) => unescape(m[1]));

describe("item and creature pages", () => {
  it("an item's page: its command, class, path, maps, blueprintable, category; title and Open Graph tags", async () => {
    const name = fresh("PrimalItem_WeaponTestPick");
    const path = `/Game/PrimalEarth/CoreBlueprints/Weapons/${name}.${name}`;
    await testDb().engram.create({
      data: { ...row(path, "Test Pick"), canBlueprint: true, category: "Equipment/Boots", maps: 1 | 16 | 32 },
    });
    const res = await get(`/spawn/base/${name}_C`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const command = `cheat giveitem "Blueprint'${path}'" 1 0 false`;
    expect(html).toMatch(/<title>Test Pick: spawn command · Beacon Hub<\/title>/);
    expect(meta(html, "og:title")).toBe("Test Pick");
    expect(unescape(meta(html, "og:description"))).toBe(command);
    expect(meta(html, "og:url")).toBe(`${base()}/spawn/base/${name}_C`);
    expect(meta(html, "og:site_name")).toBe("Beacon Hub");
    expect(meta(html, "twitter:card")).toBe("summary");
    expect(unescape(meta(html, "description"))).toBe(`Item of the base game. ${command}`);
    expect(html).toContain(`<link rel="canonical" href="${base()}/spawn/base/${name}_C"/>`);
    expect(html).toMatch(/<h1[^>]*>Test Pick<\/h1>/);
    expect(commands(html)).toEqual([command]);
    for (const fact of [`${name}_C`, path, "The Island, Aberration, Extinction", "Armour: feet", "Base game"])
      expect(html).toContain(fact);
    expect(html).toMatch(/Blueprintable<\/dt><dd[^>]*>Yes</);
    expect(html).toMatch(/Dropped by<\/dt><dd[^>]*>No shared document drops it.</);
    // The class in any case finds the same page.
    expect((await get(`/spawn/base/${name.toLowerCase()}_c`)).status).toBe(200);
  });

  it("the builder's options come from the query, as on the spawn page, without JavaScript", async () => {
    const name = fresh("PrimalItem_TestBow");
    const path = `/Game/PrimalEarth/CoreBlueprints/Weapons/${name}.${name}`;
    await testDb().engram.create({ data: { ...row(path, "Test Bow"), canBlueprint: true } });
    const html = await (await get(`/spawn/base/${name}_C?qty=5&quality=10&as=blueprint&prefix=admincheat`)).text();
    expect(commands(html)).toEqual([`admincheat giveitem "Blueprint'${path}'" 5 10 true`]);
    expect(html).toMatch(/<form[^>]*action="\/spawn\/base\/[^"]+"[^>]*method="get"/);
    const bad = await (await get(`/spawn/base/${name}_C?qty=0`)).text();
    expect(commands(bad)).toEqual([]);
    expect(bad).toContain("The quantity must be from 1 to 100,000; 0 is too small.");
    // The preview keeps the defaults: one card per page, whatever options a link carries.
    expect(unescape(meta(html, "og:description"))).toBe(`cheat giveitem "Blueprint'${path}'" 1 0 false`);
  });

  it("a creature's page: spawndino by default, GMSummon tamed, its tameable flag and group; a link to the colours", async () => {
    const name = fresh("TestRex_Character_BP");
    const path = `/Game/PrimalEarth/Dinos/Rex/${name}.${name}`;
    await testDb().creature.create({ data: { ...row(path, "Test Rex"), tameable: true, listedAs: "Dinos" } });
    const html = await (await get(`/spawn/base/${name}_C`)).text();
    const command = `cheat spawndino "Blueprint'${path}'" 1 1 1 30`;
    expect(meta(html, "og:title")).toBe("Test Rex");
    expect(unescape(meta(html, "og:description"))).toBe(command);
    expect(commands(html)).toEqual([command]);
    expect(html).toMatch(/Tameable<\/dt><dd[^>]*>Yes</);
    expect(html).toMatch(/Group<\/dt><dd[^>]*>Dinos</);
    expect(html).not.toContain("Blueprintable");
    expect(html).toContain('href="/spawn/colors"');
    const tamed = await (await get(`/spawn/base/${name}_C?summon=tamed&level=150`)).text();
    expect(commands(tamed)).toEqual([`cheat GMSummon "${name}_C" 150`]);
  });

  it("a mod's item names its mod; facts the data leaves empty read 'Not known'", async () => {
    const owner = await registeredUser();
    const modId = await confirmedMod(owner, { title: "Entry Page Mod" });
    const name = fresh("PrimalItem_ModLamp");
    const path = `/Game/Mods/EntryPage/${name}.${name}`;
    await testDb().engram.create({
      data: { ...row(path, "Mod Lamp", modId), environments: 0, canBlueprint: true, blueprintKnown: false },
    });
    const html = await (await get(`/spawn/${modId}/${name}_C`)).text();
    expect(unescape(meta(html, "description"))).toBe(
      `Item of Entry Page Mod. cheat giveitem "Blueprint'${path}'" 1 0 false`,
    );
    expect(html).toContain(`href="/spawn/?mod_id=${modId}"`);
    expect(html).toMatch(/Maps<\/dt><dd[^>]*><span[^>]*>Not known</);
    expect(html).toMatch(/Blueprintable<\/dt><dd[^>]*><span[^>]*>Not known</);
    expect(html).toMatch(/Category<\/dt><dd[^>]*><span[^>]*>Not known</);
    // The same class in the base game is another page: this one is the mod's.
    expect((await get(`/spawn/base/${name}_C`)).status).toBe(404);
  });

  it("a class two blueprints share shows both, each with its command", async () => {
    const name = fresh("Shared_Character_BP");
    const paths = [`/Game/A/${name}.${name}`, `/Game/B/${name}.${name}`];
    for (const p of paths) await testDb().creature.create({ data: row(p, "Shared") });
    const html = await (await get(`/spawn/base/${name}_C`)).text();
    expect(html).toContain(`2 blueprints of the base game share the class ${name}_C`);
    expect(commands(html)).toEqual(paths.map((p) => `cheat spawndino "Blueprint'${p}'" 1 1 1 30`));
  });

  it("lists the documents that drop the item, most downloaded first", async () => {
    const name = fresh("PrimalItem_Dropped");
    const path = `/Game/PrimalEarth/CoreBlueprints/Items/${name}.${name}`;
    await testDb().engram.create({ data: { ...row(path, "Dropped Thing"), canBlueprint: false } });
    const author = await registeredUser();
    const id = randomUUID();
    const doc = {
      Identifier: id,
      Title: "Crate With The Thing",
      Version: 2,
      LootSources: [
        {
          Label: "Crate",
          SupplyCrateClassString: "SupplyCrate_Level03_C",
          ItemSets: [
            { Label: "Set", ItemEntries: [{ EntryWeight: 1, Items: [{ Class: `${name}_C`, Path: path, Weight: 1 }] }] },
          ],
        },
      ],
    };
    const res = await api(author).request("POST", "/v1/document.php", {
      body: JSON.stringify(doc),
      contentType: "application/json",
    });
    expect(res.status).toBe(200);
    const html = await (await get(`/spawn/base/${name}_C`)).text();
    expect(html).toMatch(new RegExp(`<a [^>]*href="/documents/${id}"`));
    expect(html).toContain("Crate With The Thing");
  });

  it("an unknown class, mod or malformed address is a readable 404 that offers a search", async () => {
    for (const path of [
      "/spawn/base/PrimalItem_NoSuchThing_C",
      "/spawn/987654321/Rex_Character_BP_C",
      "/spawn/0x12/A_C",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html, path).toMatch(/<h1[^>]*>Not in the catalogue<\/h1>/);
      expect(html, path).toMatch(/<title>Page not found · Beacon Hub<\/title>/);
    }
    const html = await (await get("/spawn/base/PrimalItem_NoSuchThing_C")).text();
    expect(html).toContain('href="/spawn/?q=PrimalItem_NoSuchThing_C"');
  });

  it("every spawn row links its page, on the server's first rows", async () => {
    const name = fresh("PrimalItem_Linked");
    const path = `/Game/PrimalEarth/CoreBlueprints/Items/${name}.${name}`;
    await testDb().engram.create({ data: { ...row(path, `Linked ${name}`), canBlueprint: true } });
    const html = await (await get(`/spawn/?mod_id=&q=${name}`)).text();
    expect(html).toContain(`href="/spawn/base/${name}_C"`);
  });
});

describe("/sitemap.xml", () => {
  it("lists the fixed pages and every item's and creature's page once, with its last change; 304 on a revisit", async () => {
    const item = fresh("PrimalItem_Mapped");
    const creature = fresh("Mapped_Character_BP");
    await testDb().engram.create({ data: { ...row(`/Game/X/${item}.${item}`, "Mapped"), canBlueprint: true } });
    await testDb().creature.create({ data: row(`/Game/X/${creature}.${creature}`, "Mapped Creature") });
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    for (const page of ["/", "/spawn/", "/spawn/colors", "/documents", "/loot", "/tools/ini-check", "/docs/api"])
      expect(locs).toContain(`${base()}${page}`);
    // every game crate's page, once
    expect(locs).toContain(`${base()}/loot/island/SupplyCrate_Level60_C`);
    expect(locs.filter((l) => l.startsWith(`${base()}/loot/`))).toHaveLength(gameCrates().length);
    const today = new Date().toISOString().slice(0, 10);
    expect(xml).toContain(`<url><loc>${base()}/spawn/base/${item}_C</loc><lastmod>${today}</lastmod></url>`);
    expect(locs).toContain(`${base()}/spawn/base/${creature}_C`);
    expect(new Set(locs).size).toBe(locs.length);
    const pages = (await testDb().engram.count()) + (await testDb().creature.count());
    expect(locs.length).toBeLessThanOrEqual(pages + FIXED_PAGES.length + gameCrates().length);
    const again = await get("/sitemap.xml", { "if-none-match": res.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect((await get("/sitemap.xml?page=2")).status).toBe(404);
    const robots = await (await get("/robots.txt")).text();
    expect(robots).toMatch(/^User-Agent: \*\nDisallow: \/v1\/\n/);
    expect(robots).toContain(`Sitemap: ${base()}/sitemap.xml`);
  });
});
