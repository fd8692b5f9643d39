// Which documents drop an item (/documents?item=) over real HTTP on each
// engine: document_items written with the document in the same transaction, replaced
// on update, removed with the document and with its author, read back by path, uid or
// class, combined with search and map, and counted in the loot view.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { backfillDocumentMaps } from "@/lib/documents/backfill-document-maps";
import { uidOf } from "@/lib/engrams/derive";
import { api, registeredUser, testDb } from "../support/api";
import { ROOT } from "../support/test-server";

const DEFAULT_LOOT = readFileSync(join(ROOT, "lib/loot/templates/default-loot.beacon"), "utf8");
const CAMPFIRE =
  "/Game/PrimalEarth/CoreBlueprints/Items/Structures/Misc/PrimalItemStructure_Campfire.PrimalItemStructure_Campfire";
const base = () => inject("serverUrl");

async function publish(who: Identity, content: string | Record<string, unknown>): Promise<string> {
  const body = typeof content === "string" ? content : JSON.stringify(content);
  const res = await api(who).request("POST", "/v1/document.php", { body, contentType: "application/json" });
  if (res.status !== 200) throw new Error(`publish failed: ${res.status} ${res.text()}`);
  return String((JSON.parse(body) as { Identifier: string }).Identifier).toLowerCase();
}

/** A loot document with one source dropping these items ({Class, Path?}). */
function lootDoc(
  id: string,
  title: string,
  items: { Class: string; Path?: string }[],
  extra: Record<string, unknown> = {},
) {
  return {
    Identifier: id,
    Title: title,
    Version: 2,
    ...extra,
    LootSources: [
      {
        Label: "Crate",
        SupplyCrateClassString: "SupplyCrate_Level03_C",
        ItemSets: [{ Label: "Set", ItemEntries: items.map((i) => ({ EntryWeight: 1, Items: [{ ...i, Weight: 1 }] })) }],
      },
    ],
  };
}

/** The document ids listed on a /documents page, and its match count text. */
async function listed(query: string): Promise<{ ids: string[]; text: string }> {
  const html = await (await fetch(`${base()}/documents?${query}`)).text();
  const ids = [...html.matchAll(/data-document="([0-9a-f-]{36})"/g)].map((m) => m[1]!);
  const count =
    /data-testid="match-count"[^>]*>(.*?)<\/p>/s
      .exec(html)?.[1]
      ?.replace(/<[^>]+>/g, "")
      .replace(/\s+/g, " ") ?? "";
  return { ids, text: count };
}
const itemRows = (documentId: string) => testDb().documentItem.count({ where: { documentId } });

describe("/documents?item=", () => {
  it("finds a document by an item's path, uid or class, follows updates, deletes and the author's deletion", async () => {
    const who = await registeredUser();
    const tag = randomUUID().slice(0, 8);
    const sword = `/Game/Mods/Drop${tag}/Sword.Sword`;
    const a = await publish(
      who,
      lootDoc(randomUUID(), `Drops A ${tag}`, [{ Class: "Sword_C", Path: sword }, { Class: `Special${tag}_C` }], {
        Map: 2,
      }),
    );
    const b = await publish(who, lootDoc(randomUUID(), `Drops B ${tag}`, [{ Class: "Sword_C", Path: sword }]));
    const plain = await publish(who, { Identifier: randomUUID(), Title: `Options ${tag}`, Options: {} });
    expect(await itemRows(plain)).toBe(0);

    const byPath = await listed(`item=${encodeURIComponent(sword)}`);
    expect(byPath.ids.sort()).toEqual([a, b].sort());
    expect(byPath.text).toBe(`2 documents drop ${sword}. Any item`);
    expect((await listed(`item=${uidOf(sword)}`)).ids.sort()).toEqual([a, b].sort());
    expect((await listed(`item=special${tag}_c`)).ids).toEqual([a]);
    // Combined with the map filter and with search text.
    expect((await listed(`item=${encodeURIComponent(sword)}&map=Scorched`)).ids).toEqual([a]);
    expect((await listed(`item=${encodeURIComponent(sword)}&q=${encodeURIComponent(`B ${tag}`)}`)).ids).toEqual([b]);

    // An update that no longer drops the item leaves the list; the loot view counts the rest.
    await publish(who, lootDoc(b, `Drops B ${tag}`, [{ Class: "Axe_C", Path: `/Game/Mods/Drop${tag}/Axe.Axe` }]));
    expect((await listed(`item=${encodeURIComponent(sword)}`)).ids).toEqual([a]);
    const page = (await (await fetch(`${base()}/documents/${a}`)).text()).replace(/<!-- -->/g, "");
    // Only this document drops the sword now: a link to "the documents that drop it" would list this page alone.
    expect(page.includes(`href="/documents?item=${uidOf(sword)}"`), "no sword count link").toBe(false);
    expect(page.includes(`href="/documents?item=Special${tag}_C"`), "no link for an item only this one drops").toBe(
      false,
    );

    expect((await api(who).request("DELETE", `/v1/document.php/${a}`)).status).toBe(200);
    expect(await itemRows(a)).toBe(0);
    expect((await listed(`item=special${tag}_c`)).ids).toEqual([]);
    expect(await itemRows(b)).toBe(2); // the axe: its path and its class
    expect((await api(who).request("DELETE", `/v1/user.php/${who.userId}`)).status).toBe(200);
    expect(await itemRows(b)).toBe(0);
  });

  it("counts every document that drops an item in the loot view, and writes nothing when the batch is refused", async () => {
    const who = await registeredUser();
    const other = await registeredUser();
    const copies = [randomUUID(), randomUUID()].map((id) =>
      DEFAULT_LOOT.replace("6B5E3917-039C-4F35-99A6-58BE28BB9760", id),
    );
    const ids = [];
    for (const c of copies) ids.push(await publish(who, c));
    const before = await testDb().documentItem.count({ where: { key: `u:${uidOf(CAMPFIRE)}` } });
    expect(before).toBeGreaterThanOrEqual(2);
    const page = (await (await fetch(`${base()}/documents/${ids[0]}`)).text()).replace(/<!-- -->/g, "");
    // (No base catalogue in this database: the campfire shows by class, with its count.)
    expect(
      page.includes(
        `PrimalItemStructure_Campfire_C</span><a href="/documents?item=${uidOf(CAMPFIRE)}" class="loot-note underline"> in ${before} documents</a>`,
      ),
      "campfire count link",
    ).toBe(true);

    // A batch with another user's document is refused whole: no item rows for the new one either.
    const theirs = await publish(other, lootDoc(randomUUID(), "Theirs", [{ Class: "X_C" }]));
    const fresh = randomUUID();
    const res = await api(who).request("POST", "/v1/document.php", {
      body: [lootDoc(fresh, "Mine", [{ Class: "Y_C" }]), lootDoc(theirs, "Stolen", [{ Class: "Z_C" }])],
    });
    expect(res.status).toBe(403);
    expect(await itemRows(fresh)).toBe(0);
    expect(await testDb().documentItem.findMany({ where: { documentId: theirs }, select: { key: true } })).toEqual([
      { key: "c:x_c" },
    ]);
  });

  it("says so when ?item= is not an item, and lists every document", async () => {
    const html = await (await fetch(`${base()}/documents?item=${encodeURIComponent("<b>pickaxe</b>")}`)).text();
    expect(html.includes("is not an item"), "the note").toBe(true);
    expect(html.includes("&lt;b&gt;pickaxe&lt;/b&gt;"), "escaped").toBe(true);
    expect(html.includes("<b>pickaxe</b>"), "not markup").toBe(false);
  });

  it("backfills the items of documents published before the index", async () => {
    const who = await registeredUser();
    const id = await publish(
      who,
      lootDoc(randomUUID(), "Old one", [{ Class: "Old_C", Path: "/Game/Mods/Old/Old.Old" }], { Map: 4 }),
    );
    await testDb().documentItem.deleteMany({ where: { documentId: id } });
    await testDb().document.update({ where: { id }, data: { maps: null } });
    expect(await backfillDocumentMaps(testDb())).toBeGreaterThanOrEqual(1);
    expect(
      (await testDb().documentItem.findMany({ where: { documentId: id }, select: { key: true } }))
        .map((r) => r.key)
        .sort(),
    ).toEqual(["c:old_c", `u:${uidOf("/Game/Mods/Old/Old.Old")}`]);
    expect((await testDb().document.findUnique({ where: { id }, select: { maps: true } }))?.maps).toBe(4);
  });
});
