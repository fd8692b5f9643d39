/**
 * A stand-in CurseForge Core API over real HTTP, in CurseForge's documented format:
 *   GET /v1/mods/{modId}              {"data": Mod} (id, gameId, name, slug, summary, links, ...)
 *   GET /v1/mods/{modId}/description  {"data": "<html>"}
 * Both need the `x-api-key` header with the key the stand-in was started with (403
 * otherwise, as CurseForge answers a bad key); an unknown id is a bare 404. It runs in
 * the vitest main process (globalSetup); tests in workers add projects over HTTP:
 *   POST /__mods  JSON {mods: FakeProject[]}  adds or replaces projects
 */
import http from "node:http";

/** ARK: Survival Ascended's game id on CurseForge, the stand-in's default. */
export const ASA_GAME_ID = 83374;

export interface FakeProject {
  id: number;
  name?: string;
  summary?: string;
  /** the project page's description, HTML */
  description?: string;
  /** default ASA_GAME_ID */
  gameId?: number;
}

export interface FakeCurseForge {
  url: string;
  key: string;
  close(): Promise<void>;
}

function mod(p: FakeProject): Record<string, unknown> {
  const slug = (p.name ?? `project-${p.id}`).toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return {
    id: p.id,
    gameId: p.gameId ?? ASA_GAME_ID,
    name: p.name ?? `Project ${p.id}`,
    slug,
    links: {
      websiteUrl: `https://www.curseforge.com/ark-survival-ascended/mods/${slug}`,
      wikiUrl: "",
      issuesUrl: null,
      sourceUrl: null,
    },
    summary: p.summary ?? "",
    status: 4,
    downloadCount: 1000,
    isFeatured: false,
    primaryCategoryId: 4540,
    categories: [],
    classId: 4545,
    authors: [{ id: 1, name: "author", url: "https://www.curseforge.com/members/author" }],
    logo: null,
    screenshots: [],
    mainFileId: 1,
    latestFiles: [],
    latestFilesIndexes: [],
    dateCreated: "2024-01-01T00:00:00Z",
    dateModified: "2026-11-01T00:00:00Z",
    dateReleased: "2026-11-01T00:00:00Z",
    allowModDistribution: true,
    gamePopularityRank: 1,
    isAvailable: true,
    thumbsUpCount: 0,
  };
}

export function startFakeCurseForge(key = "test-curseforge-key"): Promise<FakeCurseForge> {
  const projects = new Map<number, FakeProject>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => {
      const send = (status: number, data?: unknown) => {
        res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
        res.end(data === undefined ? "" : JSON.stringify(data));
      };
      const path = new URL(req.url ?? "/", "http://fake").pathname;
      if (path === "/__mods" && req.method === "POST") {
        for (const p of (JSON.parse(body) as { mods: FakeProject[] }).mods) projects.set(p.id, p);
        return send(200, { ok: true });
      }
      if (req.headers["x-api-key"] !== key) return send(403);
      const m = /^\/v1\/mods\/(\d+)(\/description)?$/.exec(path);
      const project = m && req.method === "GET" ? projects.get(Number(m[1])) : undefined;
      if (!project) return send(404);
      send(200, { data: m![2] ? (project.description ?? "") : mod(project) });
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        key,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
