// The dashboard's engram upload preview and mod ownership on both engines:
// the same row rules as the API, paths owned elsewhere reported by row, nothing written
// by a preview, and another user's mod never found.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  previewCatalogueUpload,
  previewCatalogueUpload as previewEngramUpload,
} from "@/lib/dashboard/catalogue-upload";
import { findOwnMod } from "@/lib/dashboard/own-mod";
import { gameUidOf } from "@/lib/engrams/derive";
import { postEngrams } from "@/lib/engrams/post-engrams";
import { creatureInput, engramInput } from "@/lib/engrams/engram-input";
import { registeredUser, testDb } from "../support/api";
import { newProjectId } from "../support/curseforge";
import { confirmedMod, registeredMod } from "../support/mods";

const csv = (...rows: string[]) => ["path,label,availability,can_blueprint", ...rows].join("\n");

describe("previewEngramUpload", () => {
  it("counts new, changed and unchanged engrams and writes nothing", async () => {
    const owner = await registeredUser();
    const modId = await confirmedMod(owner);
    const existing = engramInput.parse({
      path: "/Game/Mods/P/A.A",
      label: "A",
      mod_id: modId,
      environments: ["Island"],
    });
    await postEngrams(testDb(), { userId: owner.userId, engrams: [existing] });
    const preview = await previewEngramUpload(testDb(), {
      modId,
      fileName: "e.csv",
      text: csv("/Game/Mods/P/A.A,A,Island,true", "/Game/Mods/P/B.B,B,Center,false", "/Game/Mods/P/C.C,C,Island,"),
    });
    expect(preview).toMatchObject({
      ok: true,
      parts: [{ kind: "engrams", total: 3, added: 2, updated: 0, unchanged: 1 }],
    });
    expect(await testDb().engram.count({ where: { modId } })).toBe(1);
  });

  it("takes a file of engrams and creatures (a kind column), as the CLI and the importer do: each row to its kind", async () => {
    const owner = await registeredUser();
    const modId = await confirmedMod(owner);
    const text = [
      "kind,path,label,availability,can_blueprint",
      `engram,/Game/Mods/Mixed${modId}/Pick.Pick,Pick,Island,true`,
      `,/Game/Mods/Mixed${modId}/Axe.Axe,Axe,Island,false`,
      `creature,/Game/Mods/Mixed${modId}/Rex.Rex,Rex,Island,`,
    ].join("\n");
    const preview = await previewEngramUpload(testDb(), { modId, fileName: "mixed.csv", text });
    expect(preview).toMatchObject({
      ok: true,
      parts: [
        { kind: "engrams", total: 2, added: 2 },
        { kind: "creatures", total: 1, added: 1 },
      ],
    });
    if (!preview.ok) return;
    // What "Apply" sends: each part through the kind's own write.
    for (const part of preview.parts)
      await postEngrams(testDb(), {
        userId: owner.userId,
        kind: part.kind,
        engrams: part.send.map((item) => (part.kind === "engrams" ? engramInput : creatureInput).parse(item)),
      });
    expect(await testDb().engram.count({ where: { modId } })).toBe(2);
    expect(
      (await testDb().creature.findMany({ where: { modId }, select: { label: true } })).map((c) => c.label),
    ).toEqual(["Rex"]);
  });

  it("lists every bad row by number, including paths of another mod and rows naming another mod", async () => {
    const [owner, other] = [await registeredUser(), await registeredUser()];
    const [modId, otherMod] = [await confirmedMod(owner), await confirmedMod(other)];
    const theirs = engramInput.parse({
      path: "/Game/Mods/Q/Theirs.Theirs",
      label: "T",
      mod_id: otherMod,
      environments: ["Island"],
    });
    await postEngrams(testDb(), { userId: other.userId, engrams: [theirs] });
    const text = JSON.stringify([
      { path: "/Game/Mods/P/Ok.Ok", label: "Ok", environments: ["Island"] },
      { path: "no-slash", label: "Bad", environments: ["Island"] },
      { path: "/Game/Mods/P/Moon.Moon", label: "Moon", environments: ["Moon"] },
      { path: "/Game/Mods/Q/Theirs.Theirs", label: "Mine now?", environments: ["Island"] },
      { path: "/Game/Mods/P/X.X", label: "X", environments: ["Island"], mod_id: otherMod },
    ]);
    const preview = await previewEngramUpload(testDb(), { modId, fileName: "e.json", text });
    expect(preview.ok).toBe(false);
    if (preview.ok) return;
    expect(preview.errors.map((e) => e.row)).toEqual([2, 3, 4, 5]);
    expect(preview.errors.find((e) => e.row === 4)?.message).toContain(`belongs to mod ${otherMod}`);
  });

  it("compares an ASA mod's file with its ASA rows: the mod says the game", async () => {
    const owner = await registeredUser();
    // A confirmed CurseForge registration, as test/api/asa-mods.test.ts makes one through the stand-in CurseForge.
    const modId = String(newProjectId());
    await testDb().modRegistration.create({
      data: {
        userId: owner.userId,
        workshopId: modId,
        name: `Ascended Upload ${modId}`,
        confirmationCode: randomUUID(),
        confirmed: true,
        confirmedModId: modId,
        confirmedAt: new Date(),
        game: "asa",
      },
    });
    const [a, b] = [`/Game/Mods/Up${modId}/A.A`, `/Game/Mods/Up${modId}/B.B`];
    const existing = engramInput.parse({ path: a, label: "A", mod_id: modId, environments: ["Island"] });
    await postEngrams(testDb(), { userId: owner.userId, engrams: [existing] });
    expect(await testDb().engram.findMany({ where: { modId }, select: { uid: true, game: true } })).toEqual([
      { uid: gameUidOf(a, "asa"), game: "asa" },
    ]);
    const preview = await previewEngramUpload(testDb(), {
      modId,
      fileName: "e.csv",
      text: csv(`${a},A,Island,true`, `${b},B,Island,true`),
    });
    expect(preview).toMatchObject({
      ok: true,
      parts: [{ kind: "engrams", total: 2, added: 1, updated: 0, unchanged: 1, notInFile: 0 }],
    });
  });

  it("refuses files it cannot read, with a message", async () => {
    const owner = await registeredUser();
    const modId = await confirmedMod(owner);
    expect(await previewEngramUpload(testDb(), { modId, fileName: "e.txt", text: "x" })).toMatchObject({
      ok: false,
      message: expect.stringContaining(".csv or .json"),
    });
    expect(await previewEngramUpload(testDb(), { modId, fileName: "e.json", text: "{" })).toMatchObject({
      ok: false,
      message: expect.stringContaining("not valid JSON"),
    });
    expect(await previewEngramUpload(testDb(), { modId, fileName: "e.csv", text: "path,label\n" })).toMatchObject({
      ok: false,
      message: "The file holds no engrams.",
    });
  });
});

describe("previewCatalogueUpload of creatures", () => {
  it("takes rows without a kind as creatures, engram rows as engrams, compares each kind with the mod's own, and writes nothing", async () => {
    const [owner, other] = [await registeredUser(), await registeredUser()];
    const [modId, otherMod] = [await confirmedMod(owner), await confirmedMod(other)];
    // The same path as an engram of this mod is no conflict: the kinds have tables of their own.
    await postEngrams(testDb(), {
      userId: owner.userId,
      engrams: [
        engramInput.parse({
          path: "/Game/Mods/P/Rex.Rex",
          label: "Rex Saddle",
          mod_id: modId,
          environments: ["Island"],
        }),
      ],
    });
    await postEngrams(testDb(), {
      userId: other.userId,
      kind: "creatures",
      engrams: [
        creatureInput.parse({
          path: "/Game/Mods/Q/Theirs.Theirs",
          label: "T",
          mod_id: otherMod,
          environments: ["Island"],
        }),
      ],
    });
    const good =
      'kind,path,label,availability\ncreature,/Game/Mods/P/Rex.Rex,Rex,Island\n,/Game/Mods/P/Raptor.Raptor,Raptor,"Island,Scorched"\n';
    expect(
      await previewCatalogueUpload(testDb(), { modId, kind: "creatures", fileName: "c.csv", text: good }),
    ).toMatchObject({ ok: true, parts: [{ kind: "creatures", total: 2, added: 2, updated: 0, unchanged: 0 }] });
    const bad =
      "kind,path,label,availability\nengram,/Game/Mods/P/Pick.Pick,Pick,Island\ncreature,/Game/Mods/Q/Theirs.Theirs,Mine?,Island\n";
    const preview = await previewCatalogueUpload(testDb(), { modId, kind: "creatures", fileName: "c.csv", text: bad });
    expect(preview).toMatchObject({
      ok: false,
      errors: [{ row: 3, message: `path: belongs to mod ${otherMod}` }],
    });
    expect(
      await previewCatalogueUpload(testDb(), { modId, kind: "creatures", fileName: "c.csv", text: "path,label\n" }),
    ).toMatchObject({ ok: false, message: "The file holds no creatures." });
    expect(await testDb().creature.count({ where: { modId } })).toBe(0);
  });
});

describe("findOwnMod", () => {
  it("finds the caller's mods only, and confirmed ones when asked", async () => {
    const [owner, other] = [await registeredUser(), await registeredUser()];
    const confirmed = await confirmedMod(owner);
    const pending = await registeredMod(owner);
    expect(
      (await findOwnMod(testDb(), { userId: owner.userId, workshopId: confirmed, confirmed: true })).workshopId,
    ).toBe(confirmed);
    await expect(findOwnMod(testDb(), { userId: other.userId, workshopId: confirmed })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      findOwnMod(testDb(), { userId: owner.userId, workshopId: pending, confirmed: true }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(findOwnMod(testDb(), { userId: owner.userId, workshopId: "not-an-id" })).rejects.toMatchObject({
      status: 404,
    });
  });
});
