/**
 * The benchmark dataset, written straight through Prisma (the API would take minutes):
 * users, confirmed mods with engrams, and documents of about 22 KB (with no Map key:
 * maps 0, written as publish would, and each with its first kept revision, so neither of
 * the server's start-up backfills has anything to do: left to the server, the revisions
 * of 2,000 documents took it most of a minute in the background, under the first cases
 * measured). One identity (the returned signer) owns mod 0, for the signed cases.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { newIdentity, publicKeyPem, type Identity } from "@/lib/client/identity";
import { encodeContent } from "@/lib/documents/content-storage";
import { keepCurrentRevisions } from "@/lib/documents/revisions/keep-current-revisions";
import { classOf, uidOf } from "@/lib/engrams/derive";

export interface SeedSizes {
  users: number;
  mods: number;
  engrams: number;
  documents: number;
  /** approximate size of each document (22 KB, like the original's measurements) */
  documentBytes?: number;
}

export interface Seeded {
  signer: Identity;
  /** the key every other seeded user shares: signs as any of them */
  shared: Identity;
  modIds: string[];
  engramUids: string[];
  documentIds: string[];
}

const CHUNK = 500;

async function inChunks<T>(
  items: T[],
  write: (part: T[]) => Promise<unknown>,
  progress: (done: number) => void,
): Promise<void> {
  for (let i = 0; i < items.length; i += CHUNK) {
    await write(items.slice(i, i + CHUNK));
    progress(Math.min(items.length, i + CHUNK));
  }
}

/** A Beacon-like document of about `bytes` bytes: loot sources with item sets. */
function documentContent(id: string, title: string, bytes: number): Buffer {
  const sources = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const source = {
      ClassString: `SupplyCrate_Level${i}_C`,
      MinItemSets: 1,
      MaxItemSets: 3,
      ItemSets: [
        {
          Label: `Set ${i}`,
          Weight: 0.5 + (i % 7) / 10,
          Entries: [
            {
              Items: [`/Game/PrimalEarth/CoreBlueprints/Items/Item_${i}.Item_${i}`],
              MinQuantity: 1,
              MaxQuantity: 1 + (i % 5),
            },
          ],
        },
      ],
    };
    sources.push(source);
    size += JSON.stringify(source).length;
  }
  return Buffer.from(
    JSON.stringify({
      Version: 3,
      Identifier: id,
      Title: title,
      Description: `Benchmark document ${title}`,
      LootSources: sources,
    }),
  );
}

/** Items the seeded documents drop (document_items), for the growth bench's item filter. */
export const benchDropPath = (n: number) => `/Game/Mods/BenchDrops/PrimalItem_BenchDrop${n}.PrimalItem_BenchDrop${n}`;
export const BENCH_COMMON_DROP = "/Game/Mods/BenchDrops/PrimalItem_BenchCommon.PrimalItem_BenchCommon";

export async function seed(db: Db, sizes: SeedSizes, log: (line: string) => void): Promise<Seeded> {
  const signer = newIdentity("rsa-sha1");
  const shared = newIdentity("rsa-sha256");
  const sharedKey = publicKeyPem(shared);
  const users = [
    { id: signer.userId, publicKey: publicKeyPem(signer) },
    ...Array.from({ length: sizes.users - 1 }, () => ({ id: randomUUID(), publicKey: sharedKey })),
  ];
  await inChunks(
    users,
    (part) => db.user.createMany({ data: part }),
    (n) => log(`users ${n}/${users.length}`),
  );

  const modIds = Array.from({ length: sizes.mods }, (_, i) => String(900_000_000 + i));
  const mods = modIds.map((id, i) => ({
    userId: users[i % users.length]!.id,
    workshopId: id,
    name: `Bench Mod ${String(i).padStart(3, "0")}`,
    confirmationCode: randomUUID(),
    confirmed: true,
    confirmedModId: id,
    confirmedAt: new Date(),
  }));
  await inChunks(
    mods,
    (part) => db.modRegistration.createMany({ data: part }),
    (n) => log(`mods ${n}/${mods.length}`),
  );

  const engrams = Array.from({ length: sizes.engrams }, (_, i) => {
    const path = `/Game/Mods/Bench${i % sizes.mods}/Item${i}/PrimalItem_Bench${i}.PrimalItem_Bench${i}`;
    const className = classOf(path);
    return {
      uid: uidOf(path),
      path,
      className,
      classKey: className.toLowerCase(),
      label: `Bench Item ${i}`,
      environments: 1 + (i % 31),
      canBlueprint: i % 3 !== 0,
      modId: modIds[i % sizes.mods]!,
    };
  });
  await inChunks(
    engrams,
    (part) => db.engram.createMany({ data: part }),
    (n) => log(`engrams ${n}/${engrams.length}`),
  );

  const documentIds: string[] = [];
  const started = Date.now();
  for (let i = 0; i < sizes.documents; i += CHUNK) {
    const part = await Promise.all(
      Array.from({ length: Math.min(CHUNK, sizes.documents - i) }, async (_, j) => {
        const id = randomUUID();
        const stored = await encodeContent(
          documentContent(id, `Bench Document ${i + j}`, sizes.documentBytes ?? 22_000),
        );
        return {
          id,
          userId: users[(i + j) % users.length]!.id,
          name: `Bench Document ${i + j}`,
          description: "Benchmark document",
          revision: 1,
          downloadCount: ((i + j) * 7919) % 5000,
          lastUpdated: new Date(started - (i + j) * 60_000),
          maps: 0,
          stored,
        };
      }),
    );
    await db.document.createMany({ data: part.map(({ stored: _stored, ...d }) => d) });
    await db.documentContent.createMany({ data: part.map((d) => ({ documentId: d.id, ...d.stored })) });
    // The items /documents?item= finds: one shared by a thousandth of the documents, one by all.
    await db.documentItem.createMany({
      data: part.flatMap((d, j) => [
        { documentId: d.id, key: `u:${uidOf(benchDropPath((i + j) % 1000))}` },
        { documentId: d.id, key: `c:primalitem_benchdrop${(i + j) % 1000}_c` },
        { documentId: d.id, key: `u:${uidOf(BENCH_COMMON_DROP)}` },
        { documentId: d.id, key: "c:primalitem_benchcommon_c" },
      ]),
    });
    documentIds.push(...part.map((d) => d.id));
    log(`documents ${documentIds.length}/${sizes.documents}`);
  }
  const revisionsStarted = Date.now();
  // What the server does at start for documents without revisions (the same code), done here.
  const { kept } = await keepCurrentRevisions(db, 0);
  log(`first revisions of ${kept} documents (${((Date.now() - revisionsStarted) / 1000).toFixed(1)} s)`);
  return { signer, shared, modIds, engramUids: engrams.map((e) => e.uid), documentIds };
}
