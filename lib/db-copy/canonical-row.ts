/**
 * One canonical text per row, computed the same way from what either engine's driver
 * returns, and a table checksum over those texts in primary-key order. Equal checksums
 * mean equal rows, value for value:
 *
 *   String    the text itself (JSON-quoted)
 *   Int, BigInt  decimal digits
 *   Float     JavaScript's shortest round-trip form
 *   Boolean   true / false (SQLite stores 0 / 1)
 *   DateTime  UTC, ISO 8601 with milliseconds and any further digits the source had
 *             ("2026-11-24T10:00:00.123Z"); SQLite keeps Prisma's ISO text or
 *             "YYYY-MM-DD HH:MM:SS" from SQL defaults, PostgreSQL timestamp(3) is read as
 *             text, so no time zone or rounding of a driver gets in between
 *   Bytes     length and SHA-256 of the bytes
 *   null      null
 *
 * A row is the JSON array of its values' texts; the checksum is SHA-256 over the rows,
 * each followed by a newline.
 */
import { createHash, type Hash } from "node:crypto";
import type { ScalarType } from "@/lib/db/model-tables";

export class ValueError extends Error {}

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

/** A DateTime value as UTC ISO text with at least millisecond digits (more if the source had them). */
export function canonicalTimestamp(value: unknown): string {
  if (typeof value === "number" || typeof value === "bigint") return new Date(Number(value)).toISOString();
  if (value instanceof Date) return value.toISOString();
  const m = typeof value === "string" ? TIMESTAMP.exec(value.trim()) : null;
  if (!m) throw new ValueError(`not a timestamp: ${JSON.stringify(value)}`);
  const [, y, mo, d, h, mi, s = "00", frac = "", zone] = m;
  const ms = Number(frac.slice(0, 3).padEnd(3, "0"));
  const beyond = frac.slice(3).replace(/0+$/, "");
  let offsetMinutes = 0;
  if (zone && zone.toUpperCase() !== "Z") {
    const z = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone)!;
    offsetMinutes = (z[1] === "-" ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3] ?? 0));
  }
  const epoch =
    Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms) - offsetMinutes * 60_000;
  const iso = new Date(epoch).toISOString();
  return beyond ? `${iso.slice(0, -1)}${beyond}Z` : iso;
}

export function canonicalValue(type: ScalarType, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  switch (type) {
    case "String":
      if (typeof value !== "string") throw new ValueError(`expected text, got ${typeof value}`);
      return value;
    case "Int":
    case "BigInt":
      if (typeof value === "bigint") return value.toString();
      if (typeof value === "number" && Number.isInteger(value)) return String(value);
      if (typeof value === "string" && /^-?\d+$/.test(value)) return BigInt(value).toString();
      throw new ValueError(`expected an integer, got ${JSON.stringify(String(value))}`);
    case "Float":
      return String(Number(value));
    case "Boolean":
      if (value === true || value === 1 || value === 1n) return "true";
      if (value === false || value === 0 || value === 0n) return "false";
      throw new ValueError(`expected a boolean, got ${JSON.stringify(String(value))}`);
    case "DateTime":
      return canonicalTimestamp(value);
    case "Bytes": {
      if (!(value instanceof Uint8Array)) throw new ValueError(`expected bytes, got ${typeof value}`);
      return `${value.length}:${createHash("sha256").update(value).digest("hex")}`;
    }
  }
}

/** Rows added in primary-key order; the count and checksum of all of them. */
export class TableChecksum {
  private readonly hash: Hash = createHash("sha256");
  rows = 0;

  constructor(private readonly types: ScalarType[]) {}

  add(values: unknown[]): void {
    const texts = values.map((v, i) => canonicalValue(this.types[i]!, v));
    this.hash.update(`${JSON.stringify(texts)}\n`);
    this.rows++;
  }

  hex(): string {
    return this.hash.copy().digest("hex");
  }
}
