// The loot editor's server side (docs/PORTAL.md#loot-editor) on each engine: the item picker's search
// route over HTTP, and the editor's lib functions on the test server's database:
// opening a document (author's revision, anyone else's copy, the template), reading a
// pasted Game.ini through the catalogue, and saving through the v1 publish code (the
// exact bytes a v1 client then downloads, revision, item keys, and the refusals).
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import type { Identity } from "@/lib/client/identity";
import { uidOf } from "@/lib/engrams/derive";
import { insertPart, setFields } from "@/lib/loot/edit-document";
import { KNOWN_CRATES } from "@/lib/loot/known-crates";
import { readLootDocument } from "@/lib/loot/loot-document";
import { emptyLootDocument, newEntry, newItem, newItemSet, newSource } from "@/lib/loot/new-loot";
import { writeLootDocument } from "@/lib/loot/write-loot-document";
import { importGameIni } from "@/lib/loot-editor/import-game-ini";
import { saveLootDocument } from "@/lib/loot-editor/save-loot-document";
import { startEditor } from "@/lib/loot-editor/start-editor";
import { api, registeredUser, testDb } from "../support/api";
import { confirmedMod } from "../support/mods";

// The catalogue shapes engrams with BASE_URL (resource_url); vitest sets it to "/" (Vite's base) in workers.
process.env.BASE_URL = inject("serverUrl");
const MAX = 16 * 1024 * 1024;
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${inject("serverUrl")}${path}`, { headers });

/** A mod of `who` with two engrams whose labels start with a word of their own. */
async function modWithItems(who: Identity) {
  const modId = await confirmedMod(who, { title: "Editor Test Mod" });
  const word = `Zq${randomUUID().slice(0, 8)}`;
  const blade = {
    path: `/Game/Mods/${word}/PrimalItem_${word}Blade.PrimalItem_${word}Blade`,
    label: `${word} Blade`,
    mod_id: modId,
    environments: ["Island"],
    can_blueprint: true,
  };
  const ore = {
    path: `/Game/Mods/${word}/PrimalItemResource_${word}Ore.PrimalItemResource_${word}Ore`,
    label: `${word} Ore`,
    mod_id: modId,
    environments: ["Island"],
    can_blueprint: false,
  };
  expect((await api(who).request("POST", "/v1/engram.php", { body: [blade, ore] })).status).toBe(200);
  return { modId, word, blade, ore };
}

/** Content as the editor writes it: one Island White source dropping `path`. */
function editorContent(id: string, title: string, path: string, cls: string): string {
  let doc = setFields(emptyLootDocument(id), [], { title, maps: 1 });
  doc = insertPart(doc, [], newSource(KNOWN_CRATES[0]!));
  doc = insertPart(doc, [0], newItemSet("Set"));
  doc = insertPart(doc, [0, 0], newEntry([newItem({ class: cls, path })]));
  return JSON.stringify(writeLootDocument(doc), null, "\t");
}

const refusal = async (work: Promise<unknown>) => {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(err)}`);
  return { status: err.status, message: err.message, details: err.details };
};

describe("/documents/items.json (the item picker)", () => {
  it("finds a mod's items by words of their names (the players' item search), with their mod, and answers 304 to its ETag", async () => {
    const who = await registeredUser();
    const { modId, word, blade, ore } = await modWithItems(who);
    const res = await get(`/documents/items.json?q=${encodeURIComponent(`${word.toLowerCase()} bl`)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await res.json()).toEqual({
      items: [
        {
          label: blade.label,
          class: `PrimalItem_${word}Blade_C`,
          path: blade.path,
          canBlueprint: true,
          modId,
          modName: "Editor Test Mod",
        },
      ],
    });
    const both = (await (await get(`/documents/items.json?q=${word}`)).json()) as { items: { label: string }[] };
    expect(both.items.map((i) => i.label)).toEqual([blade.label, ore.label]); // equal matches in name order
    const again = await get(`/documents/items.json?q=${word}`, { "if-none-match": res.headers.get("etag") ?? "" });
    expect(again.status).toBe(200); // another text, another ETag
    const etag = (await get(`/documents/items.json?q=${word}`)).headers.get("etag")!;
    expect((await get(`/documents/items.json?q=${word}`, { "if-none-match": etag })).status).toBe(304);
    expect(await (await get("/documents/items.json?q=")).json()).toEqual({ items: [] });
    expect((await get(`/documents/items.json?q=${"x".repeat(5000)}`)).status).toBe(200);
  });
});

describe("saving the editor's document", () => {
  it("publishes the exact text through the v1 code: a v1 client downloads those bytes; the author's next save is revision 2", async () => {
    const who = await registeredUser();
    const { blade } = await modWithItems(who);
    const id = randomUUID();
    const content = editorContent(id, "Saved by the editor", blade.path, "Blade_C");
    expect(
      await saveLootDocument(testDb(), { userId: who.userId, mode: "create", documentId: id, content, maxBytes: MAX }),
    ).toEqual({ documentId: id, revision: 1 });
    const download = await get(`/v1/document.php/${id}`);
    expect(Buffer.from(await download.arrayBuffer()).toString("utf8")).toBe(content);
    // Kept in step like any publish: the item's key and the maps.
    expect(await testDb().documentItem.count({ where: { documentId: id, key: `u:${uidOf(blade.path)}` } })).toBe(1);
    expect((await testDb().document.findUniqueOrThrow({ where: { id }, select: { maps: true } })).maps).toBe(1);

    const second = content.replace('"Saved by the editor"', '"Saved twice"');
    expect(
      await saveLootDocument(testDb(), {
        userId: who.userId,
        mode: "update",
        documentId: id,
        content: second,
        maxBytes: MAX,
      }),
    ).toEqual({ documentId: id, revision: 2 });
    const meta = (await (await get(`/v1/document.php/${id}?simple`)).json()) as { name: string; revision: number };
    expect(meta).toMatchObject({ name: "Saved twice", revision: 2 });
  });

  it("refuses what the mode or the game does not allow, and writes nothing then", async () => {
    const who = await registeredUser();
    const stranger = await registeredUser();
    const id = randomUUID();
    const content = editorContent(id, "Mine", "/Game/X/Thing.Thing", "Thing_C");
    await saveLootDocument(testDb(), { userId: who.userId, mode: "create", documentId: id, content, maxBytes: MAX });
    const save = (userId: string, mode: "create" | "update", documentId: string, text: string) =>
      refusal(saveLootDocument(testDb(), { userId, mode, documentId, content: text, maxBytes: MAX }));

    expect(await save(who.userId, "create", id, content)).toMatchObject({ status: 409 });
    expect(
      await refusal(
        saveLootDocument(testDb(), { userId: who.userId, mode: "update", documentId: id, content, maxBytes: 100 }),
      ),
    ).toMatchObject({ status: 413 });
    expect(await save(stranger.userId, "update", id, content)).toMatchObject({ status: 403 });
    const missing = randomUUID();
    expect(
      await save(who.userId, "update", missing, editorContent(missing, "Gone", "/Game/X/Thing.Thing", "Thing_C")),
    ).toMatchObject({ status: 404 });
    expect(await save(who.userId, "update", randomUUID(), content)).toMatchObject({
      status: 400,
      message: "The document's Identifier is not the document being saved.",
    });
    expect(await save(who.userId, "update", id, "{not json")).toMatchObject({
      status: 400,
      message: "The document is not valid JSON.",
    });
    expect(
      await save(who.userId, "update", id, JSON.stringify({ Identifier: id, Title: "Options", Options: {} })),
    ).toMatchObject({ status: 400 });
    // An entry without items and no title: what the game (and the API) cannot use.
    const broken = JSON.parse(content) as {
      Title: string;
      LootSources: { ItemSets: { ItemEntries: { Items: unknown[] }[] }[] }[];
    };
    broken.Title = "";
    broken.LootSources[0]!.ItemSets[0]!.ItemEntries[0]!.Items = [];
    const refused = await save(who.userId, "update", id, JSON.stringify(broken));
    expect(refused).toMatchObject({ status: 400, message: "2 problems block saving: Give the document a title." });
    expect((refused.details as { message: string }[]).map((d) => d.message)).toEqual([
      "Give the document a title.",
      "This entry has no item: the game would pick it and have nothing to give.",
    ]);
    expect(
      await testDb().document.findUniqueOrThrow({ where: { id }, select: { revision: true, name: true } }),
    ).toEqual({ revision: 1, name: "Mine" });
  });
});

describe("opening the editor", () => {
  it("on the author's document as a revision, on anyone else's as a copy, on the template as a new document", async () => {
    const who = await registeredUser();
    const stranger = await registeredUser();
    const { blade, modId } = await modWithItems(who);
    const id = randomUUID();
    await saveLootDocument(testDb(), {
      userId: who.userId,
      mode: "create",
      documentId: id,
      content: editorContent(id, "Original", blade.path, "Blade_C"),
      maxBytes: MAX,
    });

    const own = await startEditor(testDb(), { userId: who.userId, source: { kind: "document", id, edit: true } });
    if (!own.ok) throw new Error(own.message);
    expect(own.start).toMatchObject({
      mode: "update",
      documentId: id,
      revision: 1,
      notice: null,
      draftKey: `beacon-hub.loot-draft.${id}`,
    });
    expect(own.start.items).toEqual([
      {
        label: blade.label,
        class: expect.stringMatching(/Blade_C$/),
        path: blade.path,
        canBlueprint: true,
        modId,
        modName: "Editor Test Mod",
      },
    ]);

    const copy = await startEditor(testDb(), {
      userId: stranger.userId,
      source: { kind: "document", id: id.toUpperCase(), edit: true },
    });
    if (!copy.ok) throw new Error(copy.message);
    expect(copy.start.mode).toBe("create");
    expect(copy.start.documentId).not.toBe(id);
    expect(copy.start.doc.title).toBe("Original (copy)");
    expect(copy.start.doc.raw.Identifier).toBe(copy.start.documentId);
    expect(copy.start.notice).toContain("You are not the author of “Original”");
    expect(copy.start.draftKey).toBe("beacon-hub.loot-draft.new");

    const template = await startEditor(testDb(), { userId: who.userId, source: { kind: "template" } });
    if (!template.ok) throw new Error(template.message);
    expect(template.start.doc.sources).toHaveLength(6);
    expect(template.start.doc.raw.Identifier).toBe(template.start.documentId);

    expect(
      await startEditor(testDb(), { userId: who.userId, source: { kind: "document", id: randomUUID(), edit: true } }),
    ).toMatchObject({ ok: false, reason: "not-found" });
    expect(
      await startEditor(testDb(), { userId: who.userId, source: { kind: "document", id: "not-a-uuid", edit: false } }),
    ).toMatchObject({ ok: false, reason: "not-found" });
    const plain = randomUUID();
    expect(
      (
        await api(who).request("POST", "/v1/document.php", {
          body: { Identifier: plain, Title: "Options", Options: {} },
        })
      ).status,
    ).toBe(200);
    expect(
      await startEditor(testDb(), { userId: who.userId, source: { kind: "document", id: plain, edit: true } }),
    ).toMatchObject({ ok: false, reason: "not-loot" });
  });

  it("on a pasted Game.ini: classes get their paths from the catalogue, and what could not be read is listed", async () => {
    const who = await registeredUser();
    const { blade, ore, word } = await modWithItems(who);
    const line = `ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level25_C",ItemSets=((SetName="Mod",ItemEntries=((EntryWeight=1,ItemClassStrings=("PrimalItem_${word}Blade_C","PrimalItemResource_${word}Ore_C","Nowhere_C"),ItemsWeights=(1,2,3),MinQuality=0,MaxQuality=2)))))`;
    const read = await importGameIni(testDb(), {
      text: `[/script/ShooterGame.ShooterGameMode]\r\n${line}\r\n`,
      difficulty: 4,
    });
    if (!read.ok) throw new Error(read.message);
    const items = read.start.doc.sources[0]!.itemSets[0]!.entries[0]!.items;
    expect(items.map((i) => [i.class, i.path, i.weight])).toEqual([
      [`PrimalItem_${word}Blade_C`, blade.path, 1],
      [`PrimalItemResource_${word}Ore_C`, ore.path, 2],
      ["Nowhere_C", "", 3],
    ]);
    expect(read.start.problems).toEqual([
      'line 2, set 1 "Mod", entry 1: the class Nowhere_C is not in the catalogue (kept by class)',
    ]);
    expect(read.start.items.map((i) => i.label).sort()).toEqual([blade.label, ore.label].sort());
    expect(read.start.doc.sources[0]!.itemSets[0]!.entries[0]).toMatchObject({
      minQuality: "Tier1",
      maxQuality: "Tier3",
    }); // 2 x difficulty 4 = 8: Tier3
    expect(
      readLootDocument(JSON.parse(JSON.stringify(writeLootDocument(setFields(read.start.doc, [], { title: "T" })))))
        ?.sources,
    ).toHaveLength(1);

    expect(await importGameIni(testDb(), { text: "[ServerSettings]\nFoo=1\n" })).toMatchObject({
      ok: false,
      message: "No supply crate line (ConfigOverrideSupplyCrateItems) could be read from this text.",
    });
    expect(await importGameIni(testDb(), { text: "a\u0000b" })).toMatchObject({
      ok: false,
      message: "This is not a text file (it holds NUL characters).",
    });
    expect(await importGameIni(testDb(), { text: "x".repeat(1024 * 1024 + 1) })).toMatchObject({ ok: false });
  });
});
