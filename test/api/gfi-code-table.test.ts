// The spawn pages' GFI code table (docs/PORTAL.md#gfi-codes), on each engine, on a database of its
// own: the base game's engrams and the page's mods, computed once per data version and
// mod set, computed again when an engram changes.
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { gfiCodeTable } from "@/lib/catalogue/gfi-code-table";
import { createDb, type Db } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { uidOf } from "@/lib/engrams/derive";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { ROOT } from "../support/test-server";

let database: TestDatabase;
let db: Db;
const engram = (name: string, modId: string | null) => ({
  uid: uidOf(`/G/${name}.${name}`),
  path: `/G/${name}.${name}`,
  className: `${name}_C`,
  classKey: `${name}_c`.toLowerCase(),
  label: name,
  environments: 1,
  canBlueprint: true,
  modId,
});

beforeAll(async () => {
  // Engrams are shaped in this process, with its own BASE_URL (Vitest sets "/").
  vi.stubEnv("BASE_URL", "http://localhost:3000");
  database = await createTestDatabase(inject("engine"), "gfi");
  await migrate(database.url, { root: ROOT });
  db = createDb(database.url);
  await db.user.create({ data: { id: "00000000-0000-4000-8000-000000000001", publicKey: "k" } });
  for (const mod of ["11", "22"])
    await db.modRegistration.create({
      data: {
        userId: "00000000-0000-4000-8000-000000000001",
        workshopId: mod,
        name: `M${mod}`,
        confirmationCode: mod,
        confirmed: true,
        confirmedModId: mod,
      },
    });
  await db.engram.createMany({
    data: [
      engram("PrimalItem_WeaponMetalPick", null),
      engram("PrimalItem_WeaponStonePick", null),
      engram("ModPickaxe", "11"),
      engram("ModPickaxeLarge", "22"),
    ],
  });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await db.$disconnect();
  await database.drop();
});

describe("the GFI code table", () => {
  it("holds the base game and the page's mods, by uid, and depends on which mods", async () => {
    const metal = uidOf("/G/PrimalItem_WeaponMetalPick.PrimalItem_WeaponMetalPick");
    const stone = uidOf("/G/PrimalItem_WeaponStonePick.PrimalItem_WeaponStonePick");
    const pickaxe = uidOf("/G/ModPickaxe.ModPickaxe");
    // Every letter of the metal pick is in the stone pick's name; "et" is not. "s" is only
    // in the stone pick; "d" and "x" only in ModPickaxe ("d" first).
    expect(Object.fromEntries(await gfiCodeTable(db, ["11"]))).toEqual({ [metal]: "et", [stone]: "s", [pickaxe]: "d" });
    // With mod 22, ModPickaxe lies inside ModPickaxeLarge: no code; "g" is only in the latter.
    const all = await gfiCodeTable(db, null);
    expect([all.get(pickaxe), all.get(uidOf("/G/ModPickaxeLarge.ModPickaxeLarge"))]).toEqual([null, "g"]);
  });

  it("is computed once per data version and mod set, and again after a change", async () => {
    const first = await gfiCodeTable(db, ["11"]);
    expect(await gfiCodeTable(db, ["11", "11"])).toBe(first);
    await db.engram.create({ data: engram("ModLamp", "11") });
    const after = await gfiCodeTable(db, ["11"]);
    expect(after).not.toBe(first);
    // ModLamp's "d" takes ModPickaxe's code: now "x"; every letter of ModLamp is elsewhere, "am" is not.
    expect([after.get(uidOf("/G/ModPickaxe.ModPickaxe")), after.get(uidOf("/G/ModLamp.ModLamp"))]).toEqual(["x", "am"]);
  });
});
