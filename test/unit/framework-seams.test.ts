// The seams listed in docs/ARCHITECTURE.md ("Seams"): each place the service relies on
// Node's, Next.js's or Prisma's behaviour beyond their public API, pinned here against the
// installed versions so that an upgrade that changes one fails with the seam's name
// instead of breaking a page, a reply or a transaction somewhere else.
import { mkdtempSync, rmSync } from "node:fs";
import http, { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { PrismaClient as SqliteClient } from "@/lib/generated/sqlite/client";
import { inProcessRequest, tap, type Held } from "@/lib/server/response-tap";

const SEAM = (name: string) => `docs/ARCHITECTURE.md, Seams: ${name}`;
const dir = mkdtempSync(join(tmpdir(), "beacon-seams-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One request to a throwaway server whose handler is `handle`; resolves with the raw reply. */
async function exchange(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/page?x=1`, { headers: { "x-probe": "1" } });
    return `${res.status} ${res.headers.get("content-type")} ${await res.text()}`;
  } finally {
    server.close();
  }
}

describe("the response tap and ServerResponse.prototype", () => {
  it("own writeHead/write/end shadow the prototype's, also under a wrapper assigned after the tap", async () => {
    for (const name of ["writeHead", "write", "end", "flushHeaders"] as const)
      expect(typeof ServerResponse.prototype[name], SEAM(`response tap (${name})`)).toBe("function");
    let held: Held | null = null;
    const raw = await exchange((_req, res) => {
      tap(
        res,
        () => true,
        (h) => {
          held = h;
          // What the error pages do: send a reply of their own through the prototype.
          ServerResponse.prototype.writeHead.call(res, 200, { "content-type": "text/plain" });
          (ServerResponse.prototype.end as (b: string) => ServerResponse).call(res, "replaced");
        },
      );
      // A wrapper like Next.js's compression: keeps the methods it found and calls them.
      const write = res.write.bind(res);
      const end = res.end.bind(res);
      const own = res as unknown as Record<string, unknown>;
      own.write = (chunk: string) => write(chunk.toUpperCase());
      own.end = (chunk?: string) => end(chunk?.toUpperCase());
      res.writeHead(404, { "content-type": "text/html" });
      res.write("<html>");
      res.end("shell</html>");
    });
    expect(held, SEAM("response tap")).not.toBeNull();
    expect(held!.status).toBe(404);
    expect(Buffer.concat(held!.chunks).toString()).toBe("<HTML>SHELL</HTML>");
    expect(raw, SEAM("ServerResponse.prototype calls")).toBe("200 text/plain replaced");
  });

  it("a hand-made IncomingMessage on the client's socket is a complete GET a ServerResponse without a socket answers", async () => {
    let rendered: { url?: string; method?: string; probe?: string; ended: boolean; body: string } | null = null;
    await exchange((req, res) => {
      const again = inProcessRequest(req, "/other?y=2", { ...req.headers, "x-again": "yes" });
      const out = new ServerResponse(again);
      let ended = false;
      again.on("end", () => (ended = true));
      again.resume();
      tap(
        out,
        () => true,
        (held) => {
          rendered = {
            url: again.url,
            method: again.method,
            probe: again.rawHeaders[again.rawHeaders.indexOf("x-again") + 1],
            ended,
            body: Buffer.concat(held.chunks).toString(),
          };
          res.end("ok");
        },
      );
      setImmediate(() => {
        out.setHeader("content-type", "text/html");
        out.end("<p>rendered</p>");
      });
    });
    expect(rendered, SEAM("hand-made request")).toEqual({
      url: "/other?y=2",
      method: "GET",
      probe: "yes",
      ended: true,
      body: "<p>rendered</p>",
    });
  });

  it("socket._httpMessage is the response under way on a connection (lib/api/client-error.ts)", async () => {
    let seen: unknown = null;
    await exchange((req, res) => {
      seen = (req.socket as unknown as { _httpMessage?: unknown })._httpMessage === res && res.req === req;
      res.end();
    });
    expect(seen, SEAM("_httpMessage")).toBe(true);
  });
});

describe("Prisma", () => {
  it("clients and transaction proxies carry _activeProvider", async () => {
    const file = join(dir, "provider.db");
    const sqlite = createDb(`file:${file}`);
    const postgres = createDb("postgresql://nobody@127.0.0.1:1/none");
    try {
      expect((sqlite as unknown as { _activeProvider?: string })._activeProvider, SEAM("_activeProvider")).toBe(
        "sqlite",
      );
      expect((postgres as unknown as { _activeProvider?: string })._activeProvider, SEAM("_activeProvider")).toBe(
        "postgresql",
      );
      const inTx = await sqlite.$transaction(
        async (tx) => (tx as unknown as { _activeProvider?: string })._activeProvider,
      );
      expect(inTx, SEAM("_activeProvider in a transaction")).toBe("sqlite");
    } finally {
      await sqlite.$disconnect();
      await postgres.$disconnect();
    }
  });

  it("opens its adapter with one connect() call, and the better-sqlite3 adapter keeps its handle as .client", async () => {
    const factory = new PrismaBetterSqlite3({ url: join(dir, "connect.db") });
    const connect = factory.connect.bind(factory);
    const adapters: unknown[] = [];
    factory.connect = async () => {
      const adapter = await connect();
      adapters.push(adapter);
      return adapter;
    };
    const client = new SqliteClient({ adapter: factory });
    try {
      await client.$queryRawUnsafe("SELECT 1");
      await client.$transaction(async (tx) => tx.$queryRawUnsafe("SELECT 2"));
      await client.$queryRawUnsafe("SELECT 3");
      expect(adapters, SEAM("wrapped connect()")).toHaveLength(1);
      const handle = (adapters[0] as { client?: { prepare?: unknown } }).client;
      expect(typeof handle?.prepare, SEAM("the adapter's connection")).toBe("function");
    } finally {
      await client.$disconnect();
    }
  });
});
