/**
 * The e2e database: written straight through Prisma (no API), so the pages are tested
 * against known rows, including a 20,000-engram mod for the timing test and a few
 * creatures of one mod for the Creatures tab.
 */
import type { Db } from "@/lib/db/client";
import { encodeContent } from "@/lib/documents/content-storage";
import { classOf, uidOf } from "@/lib/engrams/derive";
import * as f from "./fixtures";

const PEM =
  "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----\n";

function engram(e: { label: string; path: string; env: number; bp: boolean }, modId: string | null) {
  const className = classOf(e.path);
  return {
    uid: uidOf(e.path),
    path: e.path,
    className,
    classKey: className.toLowerCase(),
    label: e.label,
    environments: e.env,
    canBlueprint: e.bp,
    modId,
  };
}

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
  "Arrow",
  "Bolt",
  "Shield",
  "Torch",
];
const MATERIALS = ["Wooden", "Stone", "Metal", "Tek", "Hide", "Chitin", "Flak", "Ghillie", "Riot", "Scuba"];

export function hugeEngram(i: number) {
  const word = WORDS[i % WORDS.length]!;
  const material = MATERIALS[Math.floor(i / WORDS.length) % MATERIALS.length]!;
  const name = `Huge_${material}${word}_${i}`;
  return {
    label: `${material} ${word} ${i}`,
    path: `/Game/Mods/HugeCatalogue/Items/${word}/PrimalItem_${name}.PrimalItem_${name}`,
    env: (i % 31) + 1,
    bp: i % 3 !== 0,
  };
}

export async function seed(db: Db): Promise<void> {
  await db.user.createMany({ data: [f.USER_A, f.USER_B].map((id) => ({ id, publicKey: PEM })) });
  const mod = (m: { id: string; name: string }, userId: string, confirmed: boolean) => ({
    userId,
    workshopId: m.id,
    name: m.name,
    confirmationCode: crypto.randomUUID(),
    confirmed,
    confirmedModId: confirmed ? m.id : null,
    confirmedAt: confirmed ? new Date() : null,
  });
  await db.modRegistration.createMany({
    data: [
      mod(f.MOD_PRIMAL, f.USER_A, true),
      mod(f.MOD_SECOND, f.USER_B, true),
      mod(f.MOD_UNCONFIRMED, f.USER_B, false),
      mod(f.MOD_HUGE, f.USER_A, true),
    ],
  });
  await db.engram.createMany({
    data: [
      ...f.PRIMAL_ENGRAMS.map((e) => engram(e, f.MOD_PRIMAL.id)),
      ...f.SECOND_ENGRAMS.map((e) => engram(e, f.MOD_SECOND.id)),
      ...f.BASE_ENGRAMS.map((e) => engram(e, null)),
    ],
  });
  await db.creature.createMany({
    data: f.PRIMAL_CREATURES.map((c) => {
      const { canBlueprint: _, ...creature } = engram({ ...c, bp: false }, f.MOD_PRIMAL.id);
      return creature;
    }),
  });
  for (let start = 0; start < f.HUGE_ENGRAMS; start += 2000) {
    const batch = Array.from({ length: Math.min(2000, f.HUGE_ENGRAMS - start) }, (_, k) =>
      engram(hugeEngram(start + k), f.MOD_HUGE.id),
    );
    await db.engram.createMany({ data: batch });
  }
  await seedDocuments(db);
}

async function seedDocuments(db: Db): Promise<void> {
  const base = Date.UTC(2026, 9, 1, 12, 0, 0);
  for (let i = 0; i < f.DOCUMENT_COUNT; i++) {
    const id = f.documentId(i);
    const name = i === f.XSS_DOCUMENT ? f.XSS_TITLE : `Loot preset ${String(i).padStart(2, "0")}`;
    const json = JSON.stringify({
      Version: 5,
      Identifier: id,
      Title: name,
      Description: `Preset number ${i}.`,
      LootSources: Array.from({ length: i % 4 }, (_, k) => ({ Class: `Source_${k}` })),
      Options: { Difficulty: 5, Harvest: 2 },
      Map: f.documentMaps(i),
    });
    const bytes = new TextEncoder().encode(i === f.BROKEN_CONTENT ? "{ not json" : json);
    const content = await encodeContent(bytes);
    await db.document.create({
      data: {
        id,
        userId: i < 25 ? f.USER_A : f.USER_B,
        name,
        description: `Preset number ${i}.`,
        revision: 1 + (i % 3),
        downloadCount: i === f.TOP_DOWNLOADED ? 5000 : (i * 37) % 100,
        uniqueDownloads: i === f.TOP_DOWNLOADED ? f.TOP_DOWNLOADED_PEOPLE : f.trendingOf(i) + (i % 7),
        uniqueDownloads7d: f.trendingOf(i),
        // as publish writes it (the broken one too: its bytes are not read here)
        maps: f.documentMaps(i),
        lastUpdated: new Date(base + i * 3_600_000),
        content: { create: content },
      },
    });
  }
}
