// The loot view on /documents/<id> and GET /documents/<id>/game.ini over real HTTP
// (docs/PORTAL.md#loot-documents-the-loot-view-and-gameini), on each engine: the route writes exactly what lib/loot writes,
// resolves items through the catalogue (a mod's engram: its name, mod and
// can_blueprint), never counts as a download, and answers 400/404/422 in plain words.
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { writeGameIni } from "@/lib/loot/game-ini";
import { readLootDocument } from "@/lib/loot/loot-document";
import { api, registeredUser } from "../support/api";
import { confirmedMod } from "../support/mods";
import { ROOT } from "../support/test-server";

const DEFAULT_LOOT = readFileSync(join(ROOT, "lib/loot/templates/default-loot.beacon"), "utf8");
const base = () => inject("serverUrl");
const get = (path: string) => fetch(`${base()}${path}`);

/** Publishes content bytes through the v1 API; returns the lowercase id. */
async function publish(who: Identity, content: string | Record<string, unknown>): Promise<string> {
  const body = typeof content === "string" ? content : JSON.stringify(content);
  const res = await api(who).request("POST", "/v1/document.php", { body, contentType: "application/json" });
  if (res.status !== 200) throw new Error(`publish failed: ${res.status} ${res.text()}`);
  return String((JSON.parse(body) as { Identifier: string }).Identifier).toLowerCase();
}

/** Default Loot.beacon byte for byte but for a fresh Identifier. */
function defaultLootCopy(): { id: string; text: string } {
  const id = randomUUID().toUpperCase();
  return { id, text: DEFAULT_LOOT.replace("6B5E3917-039C-4F35-99A6-58BE28BB9760", id) };
}

/** The page's text without React's <!-- --> separators, for plain-text checks that print no HTML on failure. */
const has = (html: string, text: string) => html.replace(/<!-- -->/g, "").includes(text);

const downloads = async (id: string) =>
  (await api().request("GET", `/v1/document.php/${id}?simple`)).json<{ download_count: number }>().download_count;

describe("GET /documents/<id>/game.ini", () => {
  it("answers the lines lib/loot writes for Default Loot.beacon, as a named text attachment, without counting a download", async () => {
    const who = await registeredUser();
    const { text } = defaultLootCopy();
    const id = await publish(who, text);
    const res = await get(`/documents/${id}/game.ini`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Default Loot.ini"; filename*=UTF-8''Default%20Loot.ini`,
    );
    const body = await res.text();
    // The test database holds no base-game catalogue: every item is unknown, so blueprintable.
    expect(body).toBe(writeGameIni(readLootDocument(JSON.parse(text))!, { difficulty: 4, canBlueprint: () => true }));
    expect(body.split("\n").filter((l) => l.startsWith("ConfigOverrideSupplyCrateItems="))).toHaveLength(6);
    expect(await downloads(id)).toBe(0);
  });

  it("recalculates quality for ?difficulty= and refuses a bad value with a 400 sentence", async () => {
    const who = await registeredUser();
    const id = await publish(who, defaultLootCopy().text);
    const five = await (await get(`/documents/${id}/game.ini?difficulty=5`)).text();
    expect(five).toMatch(
      /"PrimalItemArmor_ClothPants_C","PrimalItemArmor_ClothShirt_C"[^)]*\),ItemsWeights=\([^)]*\),MinQuantity=1,MaxQuantity=1,MinQuality=1,MaxQuality=1,/,
    );
    for (const bad of ["abc", "0", "-1", "101", "1e3", "5;rm"]) {
      const res = await get(`/documents/${id}/game.ini?difficulty=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await res.text()).toMatch(/^Bad request: difficulty must be a number above 0/);
    }
  });

  it("is 404 for an unknown or malformed id and 422 for a document that is not a loot document", async () => {
    for (const id of [randomUUID(), "not-a-uuid"]) {
      const res = await get(`/documents/${id}/game.ini`);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe("No document has this id.\n");
    }
    const who = await registeredUser();
    const id = await publish(who, { Identifier: randomUUID(), Title: "Options only", Options: { Harvest: 2 } });
    const res = await get(`/documents/${id}/game.ini`);
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("not a loot document");
  });
});

describe("POST /documents/<id>/game.ini (merge)", () => {
  // CRLF but for one LF line, trailing spaces and a tab, and a lone CR inside the last section.
  const LEVEL03 =
    'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",MinItemSets=1,MaxItemSets=1,NumItemSetsPower=1,bSetsRandomWithoutReplacement=true,ItemSets=())';
  const CAVE =
    'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Cave_QualityTier1_C",MinItemSets=1,MaxItemSets=1,NumItemSetsPower=1,bSetsRandomWithoutReplacement=true,ItemSets=())';
  const EXISTING =
    "[/Script/ShooterGame.ShooterGameUserSettings]\r\nMasterAudioVolume=0.5 \t\r\n\r\n" +
    "[/script/shootergame.shootergamemode]\r\n; my settings\n" +
    `${LEVEL03}\r\n${CAVE}\r\nXPMultiplier=2.5\r\n\r\n` +
    "[MessageOfTheDay]\r\nMessage=Hello \u00e9t\u00e9\rSecond line  \r\n";
  /** The document's crate lines as GET /documents/<id>/game.ini writes them (the writer, not the merge). */
  const exported = async (id: string, query = "") =>
    (await (await get(`/documents/${id}/game.ini${query}`)).text())
      .split("\n")
      .filter((l) => l.startsWith("ConfigOverrideSupplyCrateItems="));
  const post = (
    id: string,
    body: BodyInit,
    headers: Record<string, string> = { "content-type": "text/plain; charset=utf-8" },
    query = "",
  ) => fetch(`${base()}/documents/${id}/game.ini${query}`, { method: "POST", body, headers });

  it("answers the sent Game.ini with the document's crates merged, everything else byte for byte, not counted as a download", async () => {
    const who = await registeredUser();
    const { text } = defaultLootCopy();
    const id = await publish(who, text);
    const res = await post(id, EXISTING);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain('filename="Game.ini"');
    const merged = await res.text();
    const lines = await exported(id);
    expect(lines).toHaveLength(6);
    const [level03, ...others] = [
      ...lines.filter((l) => l.includes('"SupplyCrate_Level03_C"')),
      ...lines.filter((l) => !l.includes('"SupplyCrate_Level03_C"')),
    ];
    expect(level03).toContain('"SupplyCrate_Level03_C",MinItemSets=1,MaxItemSets=3,');
    // Level03 replaced where it stood, the cave crate kept, the other five appended after the
    // section's last line; every other byte as sent.
    expect(merged).toBe(
      "[/Script/ShooterGame.ShooterGameUserSettings]\r\nMasterAudioVolume=0.5 \t\r\n\r\n" +
        "[/script/shootergame.shootergamemode]\r\n; my settings\n" +
        `${level03}\r\n${CAVE}\r\nXPMultiplier=2.5\r\n` +
        others.map((l) => `${l}\r\n`).join("") +
        "\r\n[MessageOfTheDay]\r\nMessage=Hello \u00e9t\u00e9\rSecond line  \r\n",
    );
    expect(await downloads(id)).toBe(0);
  });

  it("takes the page's multipart form (fields ini and difficulty)", async () => {
    const who = await registeredUser();
    const { text } = defaultLootCopy();
    const id = await publish(who, text);
    const form = new FormData();
    form.set("ini", "[ServerSettings]\nServerPassword=x\n");
    form.set("difficulty", "5");
    const res = await fetch(`${base()}/documents/${id}/game.ini`, { method: "POST", body: form });
    expect(res.status).toBe(200);
    const merged = await res.text();
    // Form text fields travel with CRLF line breaks (the HTML form encoding), as a browser's textarea does.
    expect(merged).toBe(
      "[ServerSettings]\r\nServerPassword=x\r\n\r\n[/script/shootergame.shootergamemode]\r\n" +
        (await exported(id, "?difficulty=5")).map((l) => `${l}\r\n`).join(""),
    );
  });

  it("sends the page's form back, saying what is missing, when nothing was pasted or chosen; takes a chosen file", async () => {
    const who = await registeredUser();
    const { text } = defaultLootCopy();
    const id = await publish(who, text);
    const form = new FormData();
    form.set("ini", "");
    form.set("iniFile", new Blob([]), "");
    form.set("difficulty", "5");
    const res = await fetch(`${base()}/documents/${id}/game.ini`, { method: "POST", body: form, redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/documents/${id}?merge=empty&difficulty=5#merge`);
    const page = await (await get(`/documents/${id}?merge=empty&difficulty=5`)).text();
    expect(has(page, "Paste your Game.ini or choose its file first: there was nothing to merge.")).toBe(true);
    expect(page).toMatch(/<details id="merge"[^>]* open=""/);

    const chosen = new FormData();
    chosen.set("ini", "");
    chosen.set("iniFile", new Blob(["[ServerSettings]\nServerPassword=x\n"], { type: "text/plain" }), "Game.ini");
    const merged = await fetch(`${base()}/documents/${id}/game.ini`, { method: "POST", body: chosen });
    expect(merged.status).toBe(200);
    expect(await merged.text()).toMatch(
      /^\[ServerSettings\]\r?\nServerPassword=x\r?\n[\s\S]*\[\/script\/shootergame\.shootergamemode\]\r?\nConfigOverrideSupplyCrateItems=/,
    );
  });

  it("refuses binary (400), oversized (413), unknown (404), non-loot (422) and a bad difficulty (400) in plain words", async () => {
    const who = await registeredUser();
    const id = await publish(who, defaultLootCopy().text);
    const nul = await post(id, new Uint8Array([0x5b, 0x00, 0x5d]));
    expect(nul.status).toBe(400);
    expect(await nul.text()).toMatch(/^Bad request: the body is not a text file/);
    expect((await post(id, new Uint8Array([0xff, 0xfe, 0x41]))).status).toBe(400);
    const big = await post(id, "x".repeat(1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect(await big.text()).toContain("larger than 1 MiB");
    expect((await post(randomUUID(), EXISTING)).status).toBe(404);
    const other = await publish(who, { Identifier: randomUUID(), Title: "Options only", Options: {} });
    expect((await post(other, EXISTING)).status).toBe(422);
    const bad = await post(id, EXISTING, undefined, "?difficulty=-3");
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  });
});

describe("loot items resolved through the catalogue", () => {
  it("names a mod's item, links its spawn row and mod, and writes blueprint chance 0 when it cannot be blueprinted", async () => {
    const who = await registeredUser();
    const modId = await confirmedMod(who, { title: "Loot Test Mod" });
    const tag = randomUUID().slice(0, 8);
    const resource = `/Game/Mods/LootTest${tag}/Gem.Gem`;
    const sword = `/Game/Mods/LootTest${tag}/Sword.Sword`;
    const engrams = [
      { path: resource, label: "Shiny Gem", mod_id: modId, environments: ["Island"], can_blueprint: false },
      { path: sword, label: "Loot Sword", mod_id: modId, environments: ["Island"], can_blueprint: true },
    ];
    expect((await api(who).request("POST", "/v1/engram.php", { body: engrams })).status).toBe(200);
    const entry = (path: string, cls: string) => ({
      EntryWeight: 1,
      ChanceToBeBlueprintOverride: 1,
      MinQuality: "Tier3",
      MaxQuality: "Tier3",
      MinQuantity: 1,
      MaxQuantity: 1,
      Items: [{ Class: cls, Path: path, Weight: 1 }],
    });
    const id = await publish(who, {
      Identifier: randomUUID(),
      Title: "Mod loot",
      Map: 3,
      DifficultyValue: 5,
      LootSources: [
        {
          Label: "Beacon <b>crate</b>",
          SupplyCrateClassString: "SupplyCrate_Level03_C",
          UIColor: "FF000000",
          ItemSets: [
            {
              Label: "Gems",
              SetWeight: 1,
              ItemEntries: [
                entry(resource, "Gem_C"),
                entry(sword, "Sword_C"),
                entry("/Game/Unknown/Thing.Thing", "Thing_C"),
              ],
            },
          ],
        },
      ],
    });
    const ini = await (await get(`/documents/${id}/game.ini`)).text();
    expect(ini).toContain(
      'ItemClassStrings=("Gem_C"),ItemsWeights=(1),MinQuantity=1,MaxQuantity=1,MinQuality=1.6,MaxQuality=1.6,bForceBlueprint=false,ChanceToBeBlueprintOverride=0)',
    );
    expect(ini).toContain(
      'ItemClassStrings=("Sword_C"),ItemsWeights=(1),MinQuantity=1,MaxQuantity=1,MinQuality=1.6,MaxQuality=1.6,bForceBlueprint=true,ChanceToBeBlueprintOverride=1)',
    );

    const page = await (await get(`/documents/${id}`)).text();
    expect(has(page, "Shiny Gem"), "Shiny Gem").toBe(true);
    expect(page).toContain(`href="/spawn/?mod_id=${modId}&amp;q=Gem_C"`);
    expect(has(page, `href="/spawn/?mod_id=${modId}"`), `href="/spawn/?mod_id=${modId}"`).toBe(true);
    expect(has(page, "Loot Test Mod"), "Loot Test Mod").toBe(true);
    expect(has(page, "Thing_C"), "Thing_C").toBe(true); // unknown to the catalogue: shown by class
    expect(has(page, "Island, Scorched"), "Island, Scorched").toBe(true);
    expect(page).toContain("Beacon &lt;b&gt;crate&lt;/b&gt;");
    expect(has(page, "<b>crate</b>"), "<b>crate</b>").toBe(false);
    expect(has(page, "background-color:#FF0000"), "background-color:#FF0000").toBe(true);
  });
});

describe("the document page", () => {
  it("shows the loot view and the Game.ini box for Default Loot.beacon, and a summary for other content", async () => {
    const who = await registeredUser();
    const id = await publish(who, defaultLootCopy().text);
    const page = await (await get(`/documents/${id}`)).text();
    for (const label of [
      "Island White (Level 3)",
      "Island Red (Level 60)",
      "Loot: 6 sources, 103 entries",
      "[/script/shootergame.shootergamemode]",
      `/documents/${id}/game.ini`,
    ])
      expect(has(page, label), label).toBe(true);
    const other = await publish(who, { Identifier: randomUUID(), Title: "Broken loot", LootSources: "nope" });
    const otherPage = await get(`/documents/${other}`);
    expect(otherPage.status).toBe(200);
    const html = await otherPage.text();
    expect(has(html, "Content summary"), "Content summary").toBe(true);
    expect(has(html, "game.ini"), "game.ini").toBe(false);
  });

  it("renders a 1 MB loot document (timed: median server time reported in test-results/loot-render-<engine>.json)", async () => {
    const who = await registeredUser();
    // The real client's shape at 1 MB: Default Loot.beacon's six sources, eleven times over.
    const real = JSON.parse(DEFAULT_LOOT) as { LootSources: { Label: string }[] };
    const sources = Array.from({ length: 11 }, (_, copy) =>
      real.LootSources.map((s) => ({ ...s, Label: `${s.Label} #${copy + 1}` })),
    ).flat();
    const content = JSON.stringify(
      { ...real, Identifier: randomUUID(), Title: "Big loot", LootSources: sources },
      null,
      "\t",
    );
    expect(content.length).toBeGreaterThan(1_000_000);
    const id = await publish(who, content);
    const times: number[] = [];
    let html = "";
    for (let i = 0; i < 7; i++) {
      const started = performance.now();
      const res = await get(`/documents/${id}`);
      html = await res.text();
      times.push(performance.now() - started);
      expect(res.status).toBe(200);
    }
    expect(has(html, "Island Red (Level 60) #11"), "the last source").toBe(true);
    expect(has(html, "Loot: 66 sources, 1,133 entries"), "the counts").toBe(true);
    const median = [...times].sort((a, b) => a - b)[3]!;
    mkdirSync(join(ROOT, "test-results"), { recursive: true });
    writeFileSync(
      join(ROOT, "test-results", `loot-render-${inject("engine")}.json`),
      JSON.stringify(
        {
          contentBytes: content.length,
          htmlBytes: html.length,
          medianMs: Math.round(median),
          timesMs: times.map(Math.round),
        },
        null,
        2,
      ),
    );
    console.log(
      `[loot render] ${inject("engine")}: ${content.length} content bytes -> ${html.length} HTML bytes, median ${median.toFixed(0)} ms over ${times.length}`,
    );
  });
});
