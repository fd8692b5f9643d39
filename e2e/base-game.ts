/**
 * The base game's catalogue (prisma/seed/base-game-engrams.csv) for specs that need more
 * of it than the seed has: imported before the spec, removed after it, so other specs
 * see the seed as it is.
 */
import { readFileSync } from "node:fs";
import { createDb } from "@/lib/db/client";
import { uidOf } from "@/lib/engrams/derive";
import { readEngramFile } from "@/lib/engrams/engram-file";
import { importEngrams } from "@/lib/engrams/import-engrams";

/** Imports the base game's rows the e2e database lacks (those whose path `wanted` accepts); returns their uids. */
export async function addBaseGameEngrams(wanted: (path: string) => boolean = () => true): Promise<string[]> {
  const db = createDb(process.env.E2E_DATABASE_URL!);
  try {
    const present = new Set((await db.engram.findMany({ select: { uid: true } })).map((e) => e.uid));
    const pathOf = (row: { value: unknown }) => String((row.value as { path?: unknown }).path ?? "");
    const rows = readEngramFile(readFileSync("prisma/seed/base-game-engrams.csv", "utf8"), "csv").filter(
      (r) => wanted(pathOf(r)) && !present.has(uidOf(pathOf(r))),
    );
    const result = await importEngrams(db, { rows });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return rows.map((r) => uidOf(pathOf(r)));
  } finally {
    await db.$disconnect();
  }
}

/** Removes the engrams addBaseGameEngrams added. */
export async function removeEngrams(uids: string[]): Promise<void> {
  const db = createDb(process.env.E2E_DATABASE_URL!);
  try {
    await db.engram.deleteMany({ where: { uid: { in: uids } } });
  } finally {
    await db.$disconnect();
  }
}
