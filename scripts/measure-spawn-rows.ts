/**
 * usage: tsx scripts/measure-spawn-rows.ts [--engine sqlite|postgresql (sqlite)] [--engrams N (20000)] [--creatures C (2000)] [--runs R (3)]
 *
 * What the spawn page's rows cost on the server since they carry GFI codes and have a
 * Creatures tab (lib/spawn/spawn-catalogue.ts), on a fresh database (a temporary SQLite
 * file, or a new database on the local PostgreSQL, dropped afterwards) holding the base
 * game's 820 engrams and one mod with N engrams and C creatures:
 * - the mod's engram rows, cold (read, sorted, serialised) and warm (what every request
 *   after pays: the checks);
 * - the GFI codes over the base game and the mod, cold (the engram catalogue read, the
 *   suffix array), then the rows with codes (built, sorted, serialised) and warm;
 * - after a base-game engram changed: the mod's rows without codes (unchanged: only the
 *   checks) and with codes (computed again, the rows rebuilt around them);
 * - the mod's creature rows, cold and warm.
 * R rounds, each on a fresh process-level cache (by a new mod set); prints the medians
 * in milliseconds. Run it on an idle machine for figures worth comparing.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gfiCodeTable } from "@/lib/catalogue/gfi-code-table";
import { createDb } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { classOf, uidOf } from "@/lib/engrams/derive";
import { readEngramFile } from "@/lib/engrams/engram-file";
import { importEngrams } from "@/lib/engrams/import-engrams";
import { loadSpawnRows } from "@/lib/spawn/spawn-catalogue";
import { createTestDatabase, type Engine } from "../test/support/databases";
import { ROOT } from "../test/support/test-server";
import { scriptArgs } from "./lib/script-args";
import { median, time } from "./lib/timing";

const args = scriptArgs(import.meta.url);
const engine = (args.text("engine") ?? "sqlite") as Engine;
const engrams = args.number("engrams", 20_000);
const creatures = args.number("creatures", 2_000);
const runs = args.number("runs", 3);
process.env.BASE_URL ??= "http://localhost:3000";

const WORDS = [
  "Sword",
  "Pike",
  "Saddle",
  "Helmet",
  "Boots",
  "Rifle",
  "Kibble",
  "Potion",
  "Wall",
  "Door",
  "Ramp",
  "Turret",
];
const row = (path: string, label: string, modId: string) => {
  const className = classOf(path);
  return { uid: uidOf(path), path, className, classKey: className.toLowerCase(), label, environments: 1, modId };
};

const database = await createTestDatabase(engine, "measure");
const db = createDb(database.url);
const figures: Record<string, number[]> = {
  "engram rows, cold": [],
  "engram rows, warm": [],
  "GFI codes of the base game and the mod, cold": [],
  "engram rows with codes, the codes ready": [],
  "engram rows with codes, warm": [],
  "engram rows after a base-game change, without codes": [],
  "engram rows after a base-game change, with codes (computed again)": [],
  "creature rows, cold": [],
  "creature rows, warm": [],
};
try {
  await migrate(database.url, { root: ROOT });
  const base = readEngramFile(readFileSync(join(ROOT, "prisma/seed/base-game-engrams.csv"), "utf8"), "csv");
  const imported = await importEngrams(db, { rows: base });
  if (!imported.ok) throw new Error(JSON.stringify(imported.errors.slice(0, 3)));
  await db.user.create({ data: { id: "00000000-0000-4000-8000-000000000001", publicKey: "k" } });
  for (let round = 0; round < runs; round++) {
    const mod = String(1000 + round);
    await db.modRegistration.create({
      data: {
        userId: "00000000-0000-4000-8000-000000000001",
        workshopId: mod,
        name: `Mod ${round}`,
        confirmationCode: mod,
        confirmed: true,
        confirmedModId: mod,
      },
    });
    for (let i = 0; i < engrams; i += 2000) {
      const data = Array.from({ length: Math.min(2000, engrams - i) }, (_, k) => {
        const n = i + k;
        const name = `PrimalItem_R${round}_${WORDS[n % WORDS.length]}${n}`;
        return {
          ...row(`/Game/Mods/M${round}/${name}.${name}`, `${WORDS[n % WORDS.length]} ${n}`, mod),
          canBlueprint: true,
        };
      });
      await db.engram.createMany({ data });
    }
    await db.creature.createMany({
      data: Array.from({ length: creatures }, (_, n) =>
        row(`/Game/Mods/M${round}/Dino${n}_Character_BP.Dino${n}_Character_BP`, `Dino ${n}`, mod),
      ),
    });
    const options = {
      scope: { kind: "mods" as const, ids: [mod] },
      mods: [{ id: mod, name: `Mod ${round}` }],
      locale: "en",
    };
    const coded = { ...options, gfi: true };
    figures["engram rows, cold"]!.push(await time(() => loadSpawnRows(db, options)));
    figures["engram rows, warm"]!.push(await time(() => loadSpawnRows(db, options)));
    figures["GFI codes of the base game and the mod, cold"]!.push(await time(() => gfiCodeTable(db, [mod])));
    figures["engram rows with codes, the codes ready"]!.push(await time(() => loadSpawnRows(db, coded)));
    figures["engram rows with codes, warm"]!.push(await time(() => loadSpawnRows(db, coded)));
    await db.engram.updateMany({
      where: { modId: null, classKey: "primalitem_weaponmetalpick_c" },
      data: { label: `Metal Pick ${round}` },
    });
    figures["engram rows after a base-game change, without codes"]!.push(await time(() => loadSpawnRows(db, options)));
    figures["engram rows after a base-game change, with codes (computed again)"]!.push(
      await time(() => loadSpawnRows(db, coded)),
    );
    figures["creature rows, cold"]!.push(await time(() => loadSpawnRows(db, { ...options, kind: "creatures" })));
    figures["creature rows, warm"]!.push(await time(() => loadSpawnRows(db, { ...options, kind: "creatures" })));
  }
  console.log(
    `${engine}: base game (820 engrams) + a mod of ${engrams} engrams and ${creatures} creatures, median of ${runs}:`,
  );
  for (const [name, xs] of Object.entries(figures))
    console.log(`  ${name}: ${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(", ")})`);
} finally {
  await db.$disconnect();
  await database.drop();
}
