// The OpenAPI description (docs/API.md): served at /v1/openapi.json; every v1 route the
// server dispatches (app/v1/endpoints.ts, each method) is in it and nothing else is;
// every status of docs/CONTRACT.md#errors is described with the error shape; and every request
// example is sent to the live server, after seeding what it names (a registered user, a
// confirmed mod on the fake Steam, an engram, a document), and gets the documented status.
import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { v1Endpoints } from "@/app/v1/endpoints";
import { EXAMPLE_DELIVERY_ID, EXAMPLE_WEBHOOK_ID } from "@/lib/openapi/paths-webhooks";
import { EXAMPLE_ASA_MOD_ID } from "@/lib/openapi/paths-asa-mods";
import { EXAMPLE_KEY_ID, EXAMPLE_NEW_KEY_PEM, EXAMPLE_RECOVERY_CODE, EXAMPLE_TOKEN_ID } from "@/lib/openapi/paths-keys";
import { beaconApi } from "@/lib/client/beacon-api";
import { newIdentity, publicKeyHex, publicKeyPem, type Identity } from "@/lib/client/identity";
import { uidOf } from "@/lib/engrams/derive";
import { EXAMPLE, EXAMPLE_CREATURE_UID, EXAMPLE_UID, exampleCreaturePath, examplePath } from "@/lib/openapi/examples";
import { formatLastUpdated } from "@/lib/documents/document-json";
import {
  HTTP_METHODS,
  resolveResponse,
  type HttpMethod,
  type OpenApiDocument,
  type Operation,
  type Parameter,
} from "@/lib/openapi/types";
import { api, beacon } from "../support/api";
import { newWorkshopId, steamItem } from "../support/steam";
import { newProjectId, putProjects } from "../support/curseforge";

async function fetchDocument(): Promise<OpenApiDocument> {
  const res = await fetch(`${inject("serverUrl")}/v1/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return (await res.json()) as OpenApiDocument;
}

function operations(doc: OpenApiDocument): { path: string; method: HttpMethod; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => (item[method] ? [{ path, method, op: item[method] }] : [])),
  );
}

/** What an example needs on the server before it is sent. */
type Seed =
  | "newUser"
  | "user"
  | "workshopItem"
  | "registeredMod"
  | "world"
  | "webhook"
  | "keys"
  | "recovery"
  | "token"
  | "curseForgeProject"
  | "registeredAsaMod";
const SEEDS: Record<string, Seed> = {
  createUsers: "newUser",
  createUserAt: "newUser",
  deleteSelf: "user",
  deleteSelfBulk: "user",
  getUsers: "user",
  listMods: "world",
  registerMods: "workshopItem",
  getMods: "registeredMod",
  deleteMods: "registeredMod",
  deleteModsBulk: "registeredMod",
  listAsaMods: "registeredAsaMod",
  registerAsaMods: "curseForgeProject",
  getAsaMods: "registeredAsaMod",
  deleteAsaMods: "registeredAsaMod",
  deleteAsaModsBulk: "registeredAsaMod",
  listEngrams: "world",
  pushEngrams: "world",
  getEngrams: "world",
  deleteEngrams: "world",
  deleteEngramsBulk: "world",
  listCreatures: "world",
  pushCreatures: "world",
  getCreatures: "world",
  deleteCreatures: "world",
  deleteCreaturesBulk: "world",
  readChanges: "world",
  listDocuments: "world",
  publishDocuments: "user",
  // "world": its document is there to be restored (?restore=1) and updated.
  publishDocumentAt: "world",
  getDocuments: "world",
  documentExists: "world",
  deleteDocuments: "world",
  deleteDocumentsBulk: "world",
  listWebhooks: "webhook",
  createWebhook: "user",
  getWebhook: "webhook",
  webhookAction: "webhook",
  changeWebhook: "webhook",
  deleteWebhook: "webhook",
  submitReport: "world",
  checkIni: "newUser",
  listKeys: "keys",
  addKey: "keys",
  rotateKey: "keys",
  revokeKey: "keys",
  countRecoveryCodes: "user",
  issueRecoveryCodes: "user",
  recoverAccount: "recovery",
  listTokens: "token",
  createToken: "registeredMod",
  revokeToken: "token",
};

interface Fresh {
  identity: Identity;
  modId: string;
  /** a project of the stand-in CurseForge */
  asaModId: string;
  engramName: string;
  creatureName: string;
  documentId: string;
  /** a webhook of the user and a delivery of it */
  webhookId: string;
  deliveryId: string;
  /** a cursor of the changes feed, and a time, from after the seed */
  changesCursor: string;
  changesSince: string;
  /** the account's first key, and a key the examples add (a spare one keeps revocation possible) */
  keyId: string;
  newKey: Identity;
  recoveryCode: string;
  tokenId: string;
}

async function seed(kind: Seed): Promise<Fresh> {
  const fresh: Fresh = {
    identity: newIdentity(),
    modId: newWorkshopId(),
    asaModId: String(newProjectId()),
    engramName: `SPlusWall${randomBytes(6).toString("hex")}`,
    creatureName: `Megalania${randomBytes(6).toString("hex")}`,
    documentId: randomUUID(),
    changesCursor: EXAMPLE.changesCursor,
    changesSince: formatLastUpdated(new Date()),
    webhookId: EXAMPLE_WEBHOOK_ID,
    deliveryId: EXAMPLE_DELIVERY_ID,
    keyId: EXAMPLE_KEY_ID,
    newKey: newIdentity("ed25519"),
    recoveryCode: EXAMPLE_RECOVERY_CODE,
    tokenId: EXAMPLE_TOKEN_ID,
  };
  if (kind === "newUser") return fresh;
  const client = beacon(fresh.identity);
  await client.users.register();
  if (kind === "webhook") {
    // The shared server refuses private addresses: a name that resolves nowhere here is accepted (and never reached).
    const made = await client.http.request("POST", "/v1/webhook.php", {
      body: { url: "https://hooks.invalid/beacon", events: ["mod.confirmed"] },
    });
    expect(made.status, made.text()).toBe(201);
    fresh.webhookId = made.json<{ webhook_id: string }>().webhook_id;
    const test = await client.http.request("POST", `/v1/webhook.php/${fresh.webhookId}?action=test`);
    fresh.deliveryId = test.json<{ delivery_id: string }>().delivery_id;
  }
  if (kind === "recovery") {
    const issued = await client.http.request("POST", "/v1/recovery.php");
    fresh.recoveryCode = issued.json<{ codes: string[] }>().codes[0]!;
  }
  if (kind === "token") {
    const token = await client.http.request("POST", "/v1/token.php", {
      body: { name: "seed", scopes: ["documents:write"], expires_in_days: 1 },
    });
    fresh.tokenId = token.json<{ token_id: string }>().token_id;
  }
  if (kind === "keys") {
    const spare = { ...newIdentity("ed25519"), userId: fresh.identity.userId };
    const made = await client.http.request("POST", "/v1/key.php", { body: { public_key: publicKeyPem(spare) } });
    expect(made.status, made.text()).toBe(201);
    const keys = (await client.http.request("GET", "/v1/key.php")).json<{ key_id: number; primary: boolean }[]>();
    fresh.keyId = String(keys.find((k) => k.primary)!.key_id);
  }
  if (kind === "curseForgeProject" || kind === "registeredAsaMod") {
    await putProjects([{ id: Number(fresh.asaModId), name: "Ascended Structures" }]);
    if (kind === "registeredAsaMod") {
      const made = await client.http.request("POST", "/v1/asa-mod.php", { body: { mod_id: fresh.asaModId } });
      expect(made.status, made.text()).toBe(200);
    }
    return fresh;
  }
  if (kind === "user" || kind === "webhook" || kind === "keys" || kind === "recovery" || kind === "token") return fresh;
  await steamItem({ publishedfileid: fresh.modId, title: EXAMPLE.modName });
  if (kind === "workshopItem") return fresh;
  await client.mods.add(fresh.modId);
  const { confirmation_code } = await client.mods.get(fresh.modId);
  await steamItem({ publishedfileid: fresh.modId, title: EXAMPLE.modName, description: `Code: ${confirmation_code}` });
  if (kind === "registeredMod") return fresh;
  expect((await client.mods.confirm(fresh.modId)).confirmed).toBe(true);
  await client.engrams.push([
    { path: examplePath(fresh.engramName), label: "Wall", environments: ["Island"], mod_id: fresh.modId },
  ]);
  await client.creatures.push([
    {
      path: exampleCreaturePath(fresh.creatureName),
      label: "Megalania",
      environments: ["Island"],
      mod_id: fresh.modId,
    },
  ]);
  await client.documents.publish({ Identifier: fresh.documentId, Title: "Seeded", Description: "", Version: 5 });
  fresh.changesCursor = (await client.changes({ changesSince: fresh.changesSince, limit: 1 })).cursor;
  return fresh;
}

/** The example's values with every EXAMPLE id replaced by the seeded one. */
function substitute(value: unknown, fresh: Fresh): unknown {
  const swaps: [string, string][] = [
    [EXAMPLE.userId, fresh.identity.userId],
    [EXAMPLE.publicKeyHex, publicKeyHex(fresh.identity)],
    [EXAMPLE.publicKeyPem, publicKeyPem(fresh.identity)],
    [EXAMPLE_UID, uidOf(examplePath(fresh.engramName))],
    [EXAMPLE.engramName, fresh.engramName],
    [EXAMPLE_CREATURE_UID, uidOf(exampleCreaturePath(fresh.creatureName))],
    [EXAMPLE.creatureName, fresh.creatureName],
    [EXAMPLE.changesCursor, fresh.changesCursor],
    [EXAMPLE.changesSince, fresh.changesSince],
    [EXAMPLE.modId, fresh.modId],
    [EXAMPLE_ASA_MOD_ID, fresh.asaModId],
    [EXAMPLE.documentId, fresh.documentId],
    [EXAMPLE_WEBHOOK_ID, fresh.webhookId],
    [EXAMPLE_DELIVERY_ID, fresh.deliveryId],
    [EXAMPLE_KEY_ID, fresh.keyId],
    [EXAMPLE_NEW_KEY_PEM, publicKeyPem(fresh.newKey)],
    [EXAMPLE_RECOVERY_CODE, fresh.recoveryCode],
    [EXAMPLE_TOKEN_ID, fresh.tokenId],
  ];
  if (typeof value === "string") return swaps.reduce((s, [from, to]) => s.split(from).join(to), value);
  if (typeof value === "number" && String(value) === EXAMPLE.modId) return Number(fresh.modId);
  if (typeof value === "number" && String(value) === EXAMPLE_ASA_MOD_ID) return Number(fresh.asaModId);
  if (Array.isArray(value)) return value.map((v) => substitute(v, fresh));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, fresh)]));
  return value;
}

/** Example names of an operation: one name = one complete request. */
function exampleNames(op: Operation): string[] {
  const names = new Set<string>();
  for (const p of op.parameters ?? []) for (const n of Object.keys(p.examples ?? {})) names.add(n);
  for (const media of Object.values(op.requestBody?.content ?? {}))
    for (const n of Object.keys(media.examples ?? {})) names.add(n);
  return [...names];
}

function buildRequest(path: string, op: Operation, name: string | null, fresh: Fresh) {
  const valueOf = (p: Parameter) => (name === null ? undefined : p.examples?.[name]?.value);
  let target = path;
  const query: string[] = [];
  for (const p of op.parameters ?? []) {
    const value = valueOf(p);
    if (value === undefined) {
      if (p.in === "path") throw new Error(`${op.operationId} example ${name}: no value for path parameter ${p.name}`);
      continue;
    }
    const text = String(substitute(value, fresh));
    if (p.in === "path") target = target.replace(`{${p.name}}`, text);
    else
      query.push(
        text === "" && p.allowEmptyValue && p.name === "simple" ? p.name : `${p.name}=${encodeURIComponent(text)}`,
      );
  }
  if (query.length > 0) target += `?${query.join("&")}`;
  const media = Object.entries(op.requestBody?.content ?? {}).find(([, m]) => name !== null && m.examples?.[name]);
  if (!media) return { target };
  const value = substitute(media[1].examples![name!]!.value, fresh);
  return { target, contentType: media[0], body: typeof value === "string" ? value : JSON.stringify(value) };
}

describe("OpenAPI description", () => {
  it("is served as OpenAPI 3.1 with this instance as its server and the signature scheme", async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers[0]!.url).toBe(inject("serverUrl"));
    const scheme = doc.components.securitySchemes.beaconSignature!;
    expect(scheme).toMatchObject({ type: "http", scheme: "basic" });
    for (const phrase of ["SHA-1", "SHA-256", "Ed25519", "BASE_URL", "line 3", "WWW-Authenticate"])
      expect(scheme.description).toContain(phrase);
    expect(doc.components.schemas.Error).toMatchObject({ required: ["message", "details"] });
  });

  it("has every v1 route the server dispatches, each method, and no other", async () => {
    const doc = await fetchDocument();
    const documented = new Set(
      operations(doc).map(({ path, method }) => `${method.toUpperCase()} ${path.split("/")[2]}`),
    );
    const registered = new Set(v1Endpoints.flatMap((e) => Object.keys(e.methods).map((m) => `${m} ${e.name}`)));
    expect([...registered].filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((d) => !registered.has(d))).toEqual([]);
    for (const { path } of operations(doc))
      expect(path).toMatch(
        /^\/v1\/(user|mod|asa-mod|engram|creature|changes|document|report|webhook|key|recovery|token|ini-check)\.php(\/\{[a-z_]+\})?$/,
      );
  });

  it("describes every status of docs/CONTRACT.md#errors with the error shape, and the signed operations' 401", async () => {
    const doc = await fetchDocument();
    const statuses = new Set(operations(doc).flatMap(({ op }) => Object.keys(op.responses)));
    for (const s of ["200", "400", "401", "403", "404", "405", "409", "410", "413", "502"])
      expect(statuses, s).toContain(s);
    for (const { op } of operations(doc)) {
      if (op.security?.length) expect(Object.keys(op.responses), op.operationId).toContain("401");
      for (const [status, r] of Object.entries(op.responses)) {
        const response = resolveResponse(doc, r);
        if (Number(status) >= 400 && op.operationId !== "documentExists") {
          expect(response.content?.["application/json"]?.schema, `${op.operationId} ${status}`).toEqual({
            $ref: "#/components/schemas/Error",
          });
        }
      }
    }
    expect(resolveResponse(doc, { $ref: "#/components/responses/Unauthorized" }).headers).toHaveProperty(
      "WWW-Authenticate",
    );
    // lib/api/endpoint.ts counts every request: any operation may be 429, and every reply has the rate-limit headers.
    for (const { op } of operations(doc)) {
      expect(op.responses["429"], op.operationId).toEqual({ $ref: "#/components/responses/TooManyRequests" });
      for (const [status, r] of Object.entries(op.responses)) {
        const names = Object.keys(resolveResponse(doc, r).headers ?? {});
        for (const h of [
          "RateLimit-Limit",
          "RateLimit-Remaining",
          "RateLimit-Reset",
          "X-RateLimit-Limit",
          "X-RateLimit-Remaining",
          "X-RateLimit-Reset",
        ]) {
          expect(names, `${op.operationId} ${status}`).toContain(h);
        }
      }
    }
    expect(resolveResponse(doc, { $ref: "#/components/responses/TooManyRequests" }).headers).toHaveProperty(
      "Retry-After",
    );
  });

  it("has a seed for every operation, so every example below is really sent", async () => {
    const doc = await fetchDocument();
    const missing = operations(doc).filter(({ op }) => op.operationId !== "listUsers" && !SEEDS[op.operationId]);
    expect(missing.map(({ op }) => op.operationId)).toEqual([]);
  });

  it("accepts every request example with the documented status", async () => {
    const doc = await fetchDocument();
    const sent: string[] = [];
    for (const { path, method, op } of operations(doc)) {
      const success = Object.keys(op.responses).filter((s) => s.startsWith("2"));
      if (success.length === 0) continue; // listUsers: documented as always 405
      expect(success, op.operationId).toHaveLength(1);
      const names = exampleNames(op);
      for (const name of names.length > 0 ? names : [null]) {
        const fresh = await seed(SEEDS[op.operationId]!);
        const req = buildRequest(path, op, name, fresh);
        const signed = (op.security?.length ?? 0) > 0;
        const client = beaconApi({ serverUrl: inject("serverUrl"), identity: signed ? fresh.identity : undefined });
        const res = await client.http.request(method.toUpperCase(), req.target, {
          body: req.body,
          contentType: req.contentType,
        });
        const label = `${op.operationId} (${name ?? "no parameters"}): ${method.toUpperCase()} ${req.target} ${req.body ?? ""}`;
        expect(res.status, `${label} -> ${res.text()}`).toBe(Number(success[0]));
        sent.push(label);
      }
    }
    expect(sent.length).toBeGreaterThan(25);
  }, 240_000);

  it("is rendered as a reference page at /docs/api: every operation, status and example, escaped", async () => {
    const res = await fetch(`${inject("serverUrl")}/docs/api`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    const doc = await fetchDocument();
    for (const { path, method, op } of operations(doc)) {
      expect(html, op.operationId).toContain(`id="op-${op.operationId}"`);
      expect(html).toContain(path);
      expect(html).toContain(`>${method}<`);
      for (const status of Object.keys(op.responses)) expect(html).toContain(`>${status}<`);
    }
    // Text from the document is escaped, never markup: "<YYYY-MM-DD ...>"-style text and quotes.
    expect(html).toContain("Basic base64(&lt;user_id&gt;:&lt;hex of the signature&gt;)");
    expect(html).not.toContain("<user_id>");
    expect(html).toContain("&quot;mod_id&quot;: &quot;731604991&quot;");
    expect(html).toContain('href="/v1/openapi.json"');
  });

  it("documents the listing of users as the 405 the server answers (or the 429 of every operation)", async () => {
    const res = await api().request("GET", "/v1/user.php");
    expect(res.status).toBe(405);
    const doc = await fetchDocument();
    expect(Object.keys(doc.paths["/v1/user.php"]!.get!.responses)).toEqual(["405", "429"]);
  });
});
