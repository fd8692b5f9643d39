/**
 * A fake Steam Web API over real HTTP (docs/CONTRACT.md#mods): `POST /ISteamRemoteStorage/
 * GetPublishedFileDetails/v1/` with the form Steam takes (`itemcount=N` and
 * `publishedfileids[0]` to `[N-1]`), answered in Steam's format: one entry per id, in
 * the order asked. It runs in the vitest main process (globalSetup); tests in workers
 * configure it over HTTP through its control endpoints:
 *   POST /__items     JSON {items: FakeItem[]}  adds or replaces items
 *   GET  /__requests?id=<id>                    {count}: calls that asked for that id
 *   POST /__calls     JSON {ids: string[]}      {count}: calls that asked for any of them
 * Unknown ids answer like Steam does for missing files: an entry with result 9. A call
 * naming an item with a `failure` fails as a whole. A request that is not the documented
 * form (itemcount missing, not matching the ids, or over 100) gets a 400, so a client
 * sending the wrong shape fails its tests.
 */
import http from "node:http";

export interface FakeItem {
  publishedfileid: string;
  title?: string;
  description?: string;
  /** default 346110 */
  consumer_app_id?: number;
  /** item result code; default 1 */
  result?: number;
  /** answer the next `failTimes` look-ups (default: all) with this failure */
  failure?: "http500" | "close" | "garbage" | "wrong-shape" | "hang";
  failTimes?: number;
}

export interface FakeSteam {
  url: string;
  close(): Promise<void>;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (data += c));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

function details(item: FakeItem | undefined, id: string): Record<string, unknown> {
  if (!item || (item.result ?? 1) !== 1) return { publishedfileid: id, result: item?.result ?? 9 };
  return {
    publishedfileid: id,
    result: 1,
    creator: "76561197960287930",
    creator_app_id: 346110,
    consumer_app_id: item.consumer_app_id ?? 346110,
    filename: "",
    file_size: 123456,
    file_url: "",
    hcontent_file: "5284744238946237450",
    preview_url: "https://steamuserimages-a.akamaihd.net/ugc/preview/",
    hcontent_preview: "1234567890",
    title: item.title ?? `Mod ${id}`,
    description: item.description ?? "",
    time_created: 1480000000,
    time_updated: 1700000000,
    visibility: 0,
    banned: 0,
    ban_reason: "",
    subscriptions: 1000,
    favorited: 10,
    lifetime_subscriptions: 2000,
    lifetime_favorited: 20,
    views: 5000,
    tags: [{ tag: "Mod" }],
  };
}

export function startFakeSteam(): Promise<FakeSteam> {
  const items = new Map<string, FakeItem>();
  const requests = new Map<string, number>();
  // For each id, the serial numbers of the calls that asked for it.
  const calls = new Map<string, number[]>();
  let serial = 0;
  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? "/", "http://fake");
      const send = (status: number, data: unknown) => {
        res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
        res.end(JSON.stringify(data));
      };
      if (url.pathname === "/__items" && req.method === "POST") {
        for (const item of (JSON.parse(body) as { items: FakeItem[] }).items) items.set(item.publishedfileid, item);
        return send(200, { ok: true });
      }
      if (url.pathname === "/__requests" && req.method === "GET") {
        return send(200, { count: requests.get(url.searchParams.get("id") ?? "") ?? 0 });
      }
      if (url.pathname === "/__calls" && req.method === "POST") {
        const ids = (JSON.parse(body) as { ids: string[] }).ids;
        return send(200, { count: new Set(ids.flatMap((id) => calls.get(id) ?? [])).size });
      }
      if (url.pathname !== "/ISteamRemoteStorage/GetPublishedFileDetails/v1/" || req.method !== "POST")
        return send(404, {});
      const form = new URLSearchParams(body);
      const count = Number(form.get("itemcount"));
      const asked = Array.from({ length: Number.isInteger(count) && count >= 1 && count <= 100 ? count : 0 }, (_, i) =>
        form.get(`publishedfileids[${i}]`),
      );
      const ids = asked.filter((id): id is string => !!id);
      const formOk =
        String(req.headers["content-type"]).startsWith("application/x-www-form-urlencoded") &&
        [...form.keys()].length === asked.length + 1;
      if (!formOk || ids.length === 0 || ids.length !== asked.length) {
        res.writeHead(400, { "content-type": "text/html" });
        return res.end("<html><body>Bad Request</body></html>");
      }
      const call = ++serial;
      for (const id of ids) {
        requests.set(id, (requests.get(id) ?? 0) + 1);
        calls.set(id, [...(calls.get(id) ?? []), call]);
      }
      const item = ids
        .map((id) => items.get(id))
        .find((i) => i?.failure && (i.failTimes === undefined || i.failTimes > 0));
      if (item?.failure) {
        if (item.failTimes !== undefined) item.failTimes--;
        if (item.failure === "close") return req.socket.destroy();
        if (item.failure === "hang") return setTimeout(() => req.socket.destroy(), 30_000).unref();
        if (item.failure === "garbage") {
          res.writeHead(200, { "content-type": "text/html" });
          return res.end("<html>Service Unavailable</html>");
        }
        if (item.failure === "wrong-shape") return send(200, { response: { result: 1, resultcount: 0 } });
        res.writeHead(500, { "content-type": "text/html" });
        return res.end("<html>Internal Server Error</html>");
      }
      send(200, {
        response: {
          result: 1,
          resultcount: ids.length,
          publishedfiledetails: ids.map((id) => details(items.get(id), id)),
        },
      });
    })().catch(() => res.destroy());
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
