/**
 * The SQL a lib/ function really sends, and the engine's plan for it: a Prisma client
 * on the test database with query events on, so plan tests check Prisma's own query
 * rather than a hand-written copy of it.
 */
import { inject } from "vitest";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { sqlitePath } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { PrismaClient as PgClient } from "@/lib/generated/postgresql/client";
import { PrismaClient as SqliteClient } from "@/lib/generated/sqlite/client";

interface QueryEvent {
  query: string;
  params: string;
}

export interface Traced {
  db: Db;
  queries: QueryEvent[];
  /** the plan lines for a captured query (EXPLAIN / EXPLAIN QUERY PLAN) */
  plan(q: QueryEvent, settings?: string[]): Promise<string[]>;
  close(): Promise<void>;
}

export function tracedDb(): Traced {
  const url = inject("databaseUrl");
  const log = [{ level: "query" as const, emit: "event" as const }];
  const sqlite = inject("engine") === "sqlite";
  const client = sqlite
    ? new SqliteClient({ adapter: new PrismaBetterSqlite3({ url: sqlitePath(url) }), log })
    : (new PgClient({ adapter: new PrismaPg({ connectionString: url }), log }) as unknown as SqliteClient);
  const queries: QueryEvent[] = [];
  // The cast only restores the event type the generic log option would have inferred.
  const on = client.$on.bind(client) as unknown as (event: "query", cb: (e: QueryEvent) => void) => void;
  on("query", (e) => queries.push({ query: e.query, params: e.params }));
  return {
    db: client as unknown as Db,
    queries,
    async plan(q, settings = []) {
      const params = (JSON.parse(q.params) as unknown[]).map((p) =>
        typeof p === "string" && /^\d+$/.test(p) ? Number(p) : p,
      );
      if (sqlite) {
        const rows = await client.$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${q.query}`, ...params);
        return rows.map((r) => r.detail);
      }
      // SET LOCAL only lasts for the transaction, so the planner settings never leak.
      return client.$transaction(async (tx) => {
        for (const s of settings) await tx.$executeRawUnsafe(`SET LOCAL ${s}`);
        const rows = await tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ${q.query}`, ...params);
        return rows.map((r) => r["QUERY PLAN"]);
      });
    },
    close: () => client.$disconnect(),
  };
}
