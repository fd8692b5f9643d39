/**
 * The shared side of rate limiting: the `rate_limits` table (prisma/models.prisma
 * RateLimit). One upsert adds a batch of counts and returns each key's total over every
 * instance; SQLite (3.35+) and PostgreSQL share the statement but not the placeholders.
 */
import { providerOf, type Db } from "@/lib/db/client";

export interface CountRow {
  key: string;
  minute: number;
  count: number;
}

export interface CounterStore {
  /** adds the counts; returns the totals by `${minute}\n${key}` */
  add(rows: CountRow[]): Promise<Map<string, number>>;
  deleteBefore(minute: number): Promise<void>;
}

export function databaseCounterStore(db: Db): CounterStore {
  const pg = providerOf(db) === "postgresql";
  const param = (i: number) => (pg ? `$${i}` : "?");
  return {
    async add(rows) {
      const values = rows.map((_, i) => `(${param(3 * i + 1)}, ${param(3 * i + 2)}, ${param(3 * i + 3)})`).join(", ");
      const result = await db.$queryRawUnsafe<
        { key: string; window_minute: number | bigint; count: number | bigint }[]
      >(
        `INSERT INTO "rate_limits" ("key", "window_minute", "count") VALUES ${values}
         ON CONFLICT ("key", "window_minute") DO UPDATE SET "count" = "rate_limits"."count" + excluded."count"
         RETURNING "key", "window_minute", "count"`,
        ...rows.flatMap((r) => [r.key, r.minute, r.count]),
      );
      return new Map(result.map((r) => [`${Number(r.window_minute)}\n${r.key}`, Number(r.count)]));
    },
    async deleteBefore(minute) {
      await db.$executeRawUnsafe(`DELETE FROM "rate_limits" WHERE "window_minute" < ${param(1)}`, minute);
    },
  };
}
