/**
 * The benchmark's cases, numbered as `--cases` names them (1-9 as in earlier runs, new
 * ones after). `original` is the original PHP service's req/s on an idle machine of this
 * type (nginx + php-fpm + PostgreSQL, wrk, 32 connections), where bare node:http made
 * ORIGINAL_CEILING req/s: its ratio is original / ORIGINAL_CEILING, and the target is ten
 * times that ratio (the bar the service set itself: ten times the original on every case), compared with the case's req/s over the 1 KB ceiling
 * measured in the same run.
 */
import { randomUUID } from "node:crypto";
import { ROOT } from "../../test/support/test-server";
import { iniCheckBody } from "./ini-check-body";
import { signedContent } from "@/lib/auth/signed-content";
import { basicAuthorization } from "@/lib/client/identity";
import { editorGroups } from "@/lib/server-config/settings-editor";
import { defaultFor } from "@/lib/server-config/options";
import type { Seeded } from "./seed";

/** raw node:http's req/s on the machine the original was measured on */
export const ORIGINAL_CEILING = 41_000;
export const TARGET_FACTOR = 10;

export interface Request {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Case {
  name: string;
  /** the original's req/s, where it was measured */
  original?: number;
  /** made just before the case runs, so it sees the data as earlier cases left it */
  request: () => Promise<Request> | Request;
  /**
   * also compare with the bare server answering as many bytes: "plain" like the catalogue
   * (text), "compressed" like its brotli form. autocannon parses high-entropy bytes far
   * more slowly than text (43 KB of random bytes: 1,850 req/s where 43 KB of spaces make
   * 20,500), so a compressed reply has a ceiling of its own. "own": as many random bytes as
   * this case's reply (as sent: compressed), measured just before the case.
   */
  largeCeiling?: "plain" | "compressed" | "own";
  /** a write: run again on PostgreSQL after a SQLite run */
  write?: boolean;
  /**
   * The ratio this case must reach on PostgreSQL (the bar set for PostgreSQL at full
   * durability, docs/BENCHMARKS.md): the cached download 0.12, the signed single-engram
   * POST 0.06. Shown in the PostgreSQL rows beside the original's target.
   */
  postgresTarget?: number;
}

/** What a browser sends: the encodings of Chromium and Firefox. */
const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd", accept: "text/html,application/json;q=0.9,*/*;q=0.8" };

export function benchCases(serverUrl: string, seeded: Seeded): Case[] {
  const signed = (method: string, path: string, body = "") => ({
    authorization: basicAuthorization(seeded.signer, signedContent(method, serverUrl, path, Buffer.from(body))),
    ...(body ? { "content-type": "application/json" } : {}),
  });
  const mod = seeded.modIds[0]!;
  const iniBody = iniCheckBody(ROOT);
  const postBody = JSON.stringify({
    path: `/Game/Mods/Bench0/Posted/PrimalItem_Posted.PrimalItem_Posted`,
    label: "Posted",
    mod_id: mod,
    environments: ["Island"],
    can_blueprint: true,
  });
  return [
    {
      name: "GET /v1/engram.php (all)",
      original: 23,
      largeCeiling: "plain",
      request: () => ({ path: "/v1/engram.php" }),
    },
    {
      name: "GET /v1/engram.php/<uid>",
      original: 102,
      request: () => ({ path: `/v1/engram.php/${seeded.engramUids[17]}` }),
    },
    {
      name: "GET /v1/engram.php?mod_id=<one>",
      original: 163,
      request: () => ({ path: `/v1/engram.php?mod_id=${mod}` }),
    },
    {
      name: "GET /v1/document.php?count=50&sort=download_count",
      original: 193,
      request: () => ({ path: "/v1/document.php?count=50&sort=download_count" }),
    },
    {
      name: "GET /v1/document.php/<id> (download)",
      original: 202,
      write: true,
      postgresTarget: 0.12,
      request: () => ({ path: `/v1/document.php/${seeded.documentIds[3]}` }),
    },
    {
      name: "signed GET /v1/mod.php",
      original: 217,
      request: () => ({ path: "/v1/mod.php", headers: signed("GET", "/v1/mod.php") }),
    },
    {
      name: "signed POST /v1/engram.php (one engram)",
      original: 156,
      write: true,
      postgresTarget: 0.06,
      request: () => ({
        path: "/v1/engram.php",
        method: "POST",
        body: postBody,
        headers: signed("POST", "/v1/engram.php", postBody),
      }),
    },
    {
      name: "GET /v1/engram.php with If-None-Match (304)",
      request: async () => ({
        path: "/v1/engram.php",
        headers: { "if-none-match": (await fetch(`${serverUrl}/v1/engram.php`)).headers.get("etag") ?? "" },
      }),
    },
    // The original's spawn page: 123 req/s (the target ratio 0.030 is ten times 123 / 41,000).
    {
      name: "GET /spawn/?mod_id=<one> (page)",
      original: 123,
      request: () => ({ path: `/spawn/?mod_id=${mod}`, headers: BROWSER }),
    },
    // The same catalogue the original served uncompressed at 23 req/s, to a client that takes brotli.
    {
      name: "GET /v1/engram.php (all), Accept-Encoding: br",
      original: 23,
      largeCeiling: "compressed",
      request: () => ({ path: "/v1/engram.php", headers: { "accept-encoding": "br" } }),
    },
    {
      name: "GET /spawn/rows.json?mod_id=<one> (browser)",
      request: () => ({ path: `/spawn/rows.json?mod_id=${mod}`, headers: BROWSER }),
    },
    { name: "GET /documents (page)", request: () => ({ path: "/documents", headers: BROWSER }) },
    {
      name: "GET /documents/<id> (page)",
      request: () => ({ path: `/documents/${seeded.documentIds[5]}`, headers: BROWSER }),
    },
    // Seeded documents are named "Bench Document <n>": one word every document has, one number few do.
    {
      name: "GET /documents?q=document 1234 (search page)",
      request: () => ({ path: "/documents?q=document%201234", headers: BROWSER }),
    },
    // The base game's whole shipped catalogue (2,129 items, 1,170 creatures), which a
    // start loads unless --no-base-catalogue: the page and its rows as a visitor gets them.
    {
      name: "GET /spawn/?mod_id= (page, the base game's full catalogue)",
      request: () => ({ path: "/spawn/?mod_id=", headers: BROWSER }),
    },
    {
      name: "GET /spawn/rows.json?mod_id= (the base game's 2,129 items, browser)",
      largeCeiling: "own",
      request: () => ({ path: `/spawn/rows.json?mod_id=&locale=en-US`, headers: BROWSER }),
    },
    {
      name: "GET /spawn/ (page, every engram: the base game's and the mods')",
      request: () => ({ path: "/spawn/", headers: BROWSER }),
    },
    {
      name: "GET /spawn/rows.json?mod_id=&kind=creatures (1,170 creatures, browser)",
      largeCeiling: "own",
      request: () => ({ path: `/spawn/rows.json?mod_id=&locale=en-US&kind=creatures`, headers: BROWSER }),
    },
    {
      name: "GET /spawn/base/<class> (an item's page)",
      request: () => ({ path: "/spawn/base/PrimalItem_WeaponMetalPick_C", headers: BROWSER }),
    },
    {
      // The ini doctor on a large server's pair (253 KB of JSON, ~250 KB of ini): its CPU per request is the figure.
      name: "POST /v1/ini-check.php (250 KB of ini)",
      request: () => ({
        path: "/v1/ini-check.php",
        method: "POST",
        body: iniBody,
        headers: { "content-type": "application/json" },
      }),
    },
    {
      // The settings editor's largest group (player and creature stats, 96 fields) on a
      // document that sets every key of every group: its own budget is the document page's.
      name: "GET /documents/<id>/settings?group=stats (page, every group set)",
      request: async () => {
        const id = randomUUID();
        const settings = editorGroups("ase").flatMap((g) =>
          g.options.map((o) => ({
            File: o.file,
            Section: o.section,
            Key: o.key,
            Value:
              o.type === "bool"
                ? "True"
                : o.type === "int"
                  ? "3"
                  : o.type === "float"
                    ? "2.5"
                    : (defaultFor(o, "ase") ?? "x"),
          })),
        );
        const body = JSON.stringify({
          Identifier: id,
          Title: "Every setting",
          Version: 2,
          HubGame: "ASE",
          HubConfigSettings: settings,
        });
        const res = await fetch(`${serverUrl}/v1/document.php`, {
          method: "POST",
          headers: signed("POST", "/v1/document.php", body),
          body,
        });
        if (res.status !== 200) throw new Error(`the settings document was refused: ${res.status} ${await res.text()}`);
        return { path: `/documents/${id}/settings?group=stats`, headers: BROWSER };
      },
    },
  ];
}
