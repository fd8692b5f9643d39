/**
 * Content-defined chunking (FastCDC: a gear rolling hash with normalised chunk sizes).
 * A body is cut where the hash of the last bytes matches a mask, so a boundary depends
 * only on the bytes just before it: an edit in one place moves the boundaries of one or
 * two chunks and every other chunk keeps its bytes, and with them its hash. Revisions of
 * a document then share all their chunks but the ones around each edit, and each
 * distinct chunk is stored once (lib/documents/revisions/revision-store.ts).
 *
 * The boundaries only decide how much is shared, never what is read back: a revision
 * is its list of chunk hashes, so changing these sizes or the gear table later stores
 * new revisions differently and still reads every old one.
 */
import { createHash } from "node:crypto";

/** Sizes measured with scripts/measure-revision-storage.ts (docs/BENCHMARKS.md, "Document revisions"). */
export const MIN_CHUNK = 1024;
export const AVERAGE_CHUNK = 4096;
export const MAX_CHUNK = 16384;
/** Bytes of a chunk's hash kept: the first 16 of its sha256 (a revision also keeps the sha256 of its whole body). */
export const CHUNK_HASH_BYTES = 16;

/** 256 fixed pseudo-random 32-bit values, the same in every process and release. */
const GEAR = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) table[i] = createHash("sha256").update(`beacon-gear-${i}`).digest().readUInt32LE(0);
  return table;
})();

const bits = Math.round(Math.log2(AVERAGE_CHUNK));
/**
 * The hash's top bits: the low bits of a gear hash depend only on the last few bytes,
 * which in indented JSON repeat too often to cut well. More bits than the average asks
 * for before it (fewer cuts), fewer after (more cuts): sizes cluster near the average.
 */
const topBits = (n: number) => (~0 << (32 - n)) >>> 0;
const MASK_SMALL = topBits(bits + 2);
const MASK_LARGE = topBits(bits - 2);

/** The end offsets of the chunks of `data` (the last one is data.length; none for an empty body). */
export function chunkEnds(data: Uint8Array): number[] {
  const ends: number[] = [];
  let start = 0;
  while (start < data.length) {
    const remaining = data.length - start;
    if (remaining <= MIN_CHUNK) {
      ends.push(data.length);
      break;
    }
    const limit = Math.min(remaining, MAX_CHUNK);
    const normal = Math.min(limit, AVERAGE_CHUNK);
    let hash = 0;
    let i = MIN_CHUNK;
    let cut = limit;
    for (; i < normal; i++) {
      hash = ((hash << 1) + GEAR[data[start + i]!]!) >>> 0;
      if ((hash & MASK_SMALL) === 0) {
        cut = i + 1;
        break;
      }
    }
    if (cut === limit)
      for (; i < limit; i++) {
        hash = ((hash << 1) + GEAR[data[start + i]!]!) >>> 0;
        if ((hash & MASK_LARGE) === 0) {
          cut = i + 1;
          break;
        }
      }
    start += cut;
    ends.push(start);
  }
  return ends;
}

export interface Chunk {
  /** CHUNK_HASH_BYTES of the chunk's sha256 */
  hash: Buffer;
  bytes: Uint8Array;
}

export function chunkHash(bytes: Uint8Array): Buffer {
  return createHash("sha256").update(bytes).digest().subarray(0, CHUNK_HASH_BYTES);
}

/** `data` cut into chunks, each with its hash, in order (views into `data`, not copies). */
export function chunksOf(data: Uint8Array): Chunk[] {
  let start = 0;
  return chunkEnds(data).map((end) => {
    const bytes = data.subarray(start, end);
    start = end;
    return { hash: chunkHash(bytes), bytes };
  });
}

/** A revision's chunk list as stored: the hashes one after the other. */
export function joinHashes(hashes: Buffer[]): Buffer {
  return Buffer.concat(hashes);
}

export function splitHashes(list: Uint8Array): Buffer[] {
  if (list.length % CHUNK_HASH_BYTES !== 0) throw new Error(`a chunk list of ${list.length} bytes is not whole hashes`);
  const buf = Buffer.from(list.buffer, list.byteOffset, list.length);
  const out: Buffer[] = [];
  for (let i = 0; i < buf.length; i += CHUNK_HASH_BYTES) out.push(buf.subarray(i, i + CHUNK_HASH_BYTES));
  return out;
}
