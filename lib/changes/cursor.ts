/**
 * Positions in the change log and the opaque cursors that carry them (docs/CONTRACT.md#changes).
 *
 * A position is (txid, id) of the last change row a reader has been given (txid is 0 on
 * SQLite), with that row's time, which the reply's `timestamp` shows. A cursor is a
 * position, or, during a full read, the position the full read started from plus how far
 * through the catalogue it got (section and last key). Cursors are base64url text; a
 * client never looks inside, and a forged one can only misguide its own reads, so they
 * are checked for shape, not signed.
 */
import { badRequest } from "@/lib/api/errors";

export interface Position {
  /** decimal: PostgreSQL transaction ids are 64-bit */
  txid: string;
  id: number;
  /** ms since the epoch: when that change was made */
  at: number;
}

/** The full read goes through the catalogue in this order, each part by key. */
export const SECTIONS = ["mods", "engrams", "creatures"] as const;
export type Section = (typeof SECTIONS)[number];

export interface Cursor {
  position: Position;
  /** present while a full read is under way: the next item comes after `after` in `section` */
  full?: { section: Section; after: string };
}

export const START: Position = { txid: "0", id: 0, at: 0 };

export function comparePositions(a: Position, b: Position): number {
  const ta = BigInt(a.txid);
  const tb = BigInt(b.txid);
  return ta !== tb ? (ta < tb ? -1 : 1) : a.id - b.id;
}

export function encodeCursor(cursor: Cursor): string {
  const { txid, id, at } = cursor.position;
  const text = cursor.full
    ? `f.${txid}.${id}.${at}.${cursor.full.section}.${cursor.full.after}`
    : `p.${txid}.${id}.${at}`;
  return Buffer.from(text).toString("base64url");
}

const SHAPE =
  /^(?:p\.(\d{1,19})\.(\d{1,10})\.(\d{1,15})|f\.(\d{1,19})\.(\d{1,10})\.(\d{1,15})\.(mods|engrams|creatures)\.([0-9a-f]{32}|[0-9]{1,16}|))$/;

/** 400 for anything this server did not give out. */
export function decodeCursor(value: string): Cursor {
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(value) ? Buffer.from(value, "base64url").toString("latin1") : "";
  const m = SHAPE.exec(text);
  if (!m)
    throw badRequest("cursor is not a cursor this server gave out; start again without one (a full read).", {
      cursor: value.slice(0, 100),
    });
  if (m[1] !== undefined) return { position: { txid: m[1], id: Number(m[2]), at: Number(m[3]) } };
  return {
    position: { txid: m[4]!, id: Number(m[5]), at: Number(m[6]) },
    full: { section: m[7] as Section, after: m[8]! },
  };
}
