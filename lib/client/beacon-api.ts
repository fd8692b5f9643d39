/**
 * A typed client for the v1 API (docs/API.md) on top of createClient,
 * which sends exact request targets and signs them. Replies are the server's own JSON
 * types; every non-2xx reply becomes a BeaconApiError carrying status, message, details.
 */
import type { DeliveryJson, WebhookJson } from "@/lib/webhooks/webhook-json";
import type { DocumentJson } from "@/lib/documents/document-json";
import type { RevisionJson } from "@/lib/documents/revisions/revision-json";
import type { RevisionDiffJson } from "@/lib/documents/revisions/revision-diff";
import type { DocumentCheckJson } from "@/lib/documents/document-check";
import type { CreatureJson } from "@/lib/engrams/creature-json";
import type { EngramJson } from "@/lib/engrams/engram-json";
import type { AsaModJson } from "@/lib/mods/asa-mod-json";
import type { ModJson } from "@/lib/mods/mod-json";
import type { Game } from "@/lib/catalogue/game";
import type { ChangesPage } from "@/lib/changes/changes-page";
import type { KeyJson } from "@/lib/keys/keys";
import type { UserJson } from "@/lib/users/users";
import { createClient, type ClientOptions, type ClientResponse, type RequestOptions } from "@/lib/client/http";
import { publicKeyHex, publicKeyPem, type Identity } from "@/lib/client/identity";

/** The portal's ini export addresses of a document. */
export type IniFileName = "game.ini" | "gameusersettings.ini";

export type { KeyJson };
export type { ChangesPage, CreatureJson, DocumentJson, EngramJson, ModJson, UserJson };

/**
 * Engrams per POST the CLI sends: the client's choice (a progress bar that moves, a
 * failed batch costs little to resend); the server takes any number within MAX_BODY_BYTES.
 */
export const ENGRAMS_PER_POST = 5000;
/** Ids per bulk DELETE body: far below MAX_BODY_BYTES even for class names. */
export const IDS_PER_DELETE = 1000;

export class BeaconApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: unknown,
    /** e.g. "POST /v1/mod.php" */
    readonly request: string,
  ) {
    super(message);
    this.name = "BeaconApiError";
  }
}

/** An engram as POST /v1/engram.php takes it (docs/CONTRACT.md#engrams); a creature, without can_blueprint. */
export interface EngramInputJson {
  path: string;
  label: string;
  mod_id: string | number | null;
  environments: string[] | string;
  can_blueprint?: boolean;
}

export interface DocumentListQuery {
  user_id?: string;
  sort?: "last_updated" | "download_count";
  direction?: "asc" | "desc";
  count?: number;
  offset?: number;
}

function errorOf(res: ClientResponse, request: string): BeaconApiError {
  try {
    const body = res.json<{ message?: unknown; details?: unknown }>();
    if (typeof body.message === "string")
      return new BeaconApiError(res.status, body.message, body.details ?? null, request);
  } catch {
    // not the JSON error shape: fall through
  }
  const text = res.text().trim().slice(0, 200);
  // The portal's plain-text replies (the Game.ini export) are one sentence: that is the message.
  if (text && String(res.headers["content-type"] ?? "").startsWith("text/plain"))
    return new BeaconApiError(res.status, text, null, request);
  return new BeaconApiError(res.status, `HTTP ${res.status}${text ? `: ${text}` : ""}`, null, request);
}

const ids = (list: string | string[]) => (Array.isArray(list) ? list : [list]).map(encodeURIComponent).join(",");

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function beaconApi(options: ClientOptions) {
  const http = createClient(options);

  async function call(method: string, target: string, opts: RequestOptions = {}): Promise<ClientResponse> {
    const res = await http.request(method, target, opts);
    if (res.status < 200 || res.status > 299) throw errorOf(res, `${method} ${target}`);
    return res;
  }
  const json = async <T>(method: string, target: string, opts?: RequestOptions) =>
    (await call(method, target, opts)).json<T>();
  const empty = async (method: string, target: string, opts?: RequestOptions) =>
    void (await call(method, target, opts));
  const bulkDelete = async (endpoint: string, list: string[]) => {
    for (const part of chunks(list, IDS_PER_DELETE))
      await empty("DELETE", endpoint, { body: part.join(","), contentType: "text/plain" });
  };

  const users = {
    /** POST /v1/user.php with the identity's public key (PEM, or hex DER as Beacon-era clients send). */
    register: (identity: Identity | undefined = options.identity, form: "pem" | "hex" = "pem") => {
      if (!identity) throw new Error("users.register needs an identity");
      const key = form === "pem" ? publicKeyPem(identity) : publicKeyHex(identity);
      return empty("POST", "/v1/user.php", { body: { user_id: identity.userId, public_key: key }, sign: false });
    },
    get: (userId: string) => json<UserJson>("GET", `/v1/user.php/${ids(userId)}`, { sign: false }),
    getMany: (userIds: string[]) => json<UserJson | UserJson[]>("GET", `/v1/user.php/${ids(userIds)}`, { sign: false }),
    /** DELETE /v1/user.php/<own id>: removes the caller with their documents and mods. */
    delete: (userId = options.identity?.userId ?? "") => empty("DELETE", `/v1/user.php/${ids(userId)}`),
  };

  /** mod.php (Workshop mods) and asa-mod.php (ARK: Survival Ascended's CurseForge mods): the same calls. */
  const modsAt = <T>(endpoint: string) => ({
    list: () => json<T[]>("GET", endpoint),
    get: (modId: string) => json<T>("GET", `${endpoint}/${ids(modId)}`),
    getMany: async (modIds: string[]) => {
      const reply = await json<T | T[]>("GET", `${endpoint}/${ids(modIds)}`);
      return Array.isArray(reply) ? reply : [reply];
    },
    add: (modId: string | string[], pullUrl?: string | null) =>
      empty("POST", endpoint, {
        body: (Array.isArray(modId) ? modId : [modId]).map((id) =>
          pullUrl === undefined ? { mod_id: id } : { mod_id: id, pull_url: pullUrl },
        ),
      }),
    /** The reply's `confirmed` tells whether the code was found on the workshop page (or CurseForge project). */
    confirm: (modId: string) => json<T>("GET", `${endpoint}/${ids(modId)}?action=confirm`),
    remove: (modIds: string | string[]) => empty("DELETE", `${endpoint}/${ids(modIds)}`),
    setPullUrl: (modId: string, pullUrl: string | null) =>
      empty("POST", endpoint, { body: { mod_id: modId, pull_url: pullUrl } }),
  });
  const mods = modsAt<ModJson>("/v1/mod.php");
  const asaMods = modsAt<AsaModJson>("/v1/asa-mod.php");

  /** engram.php and creature.php: the same calls on either kind. */
  const items = <T>(endpoint: string) => ({
    list: () => json<T[]>("GET", endpoint, { sign: false }),
    /** null: the items of no mod (the base game's catalogue). */
    byMod: (modIds: string | string[] | null) =>
      json<T[]>("GET", `${endpoint}?mod_id=${modIds === null ? "" : ids(modIds)}`, { sign: false }),
    /** A uid or a class; a class matching several items yields several. */
    get: async (id: string) => {
      const reply = await json<T | T[]>("GET", `${endpoint}/${ids(id)}`, { sign: false });
      return Array.isArray(reply) ? reply : [reply];
    },
    /** Several uids or classes (in URL-sized parts); what none of them names is simply absent. */
    getMany: async (idList: string[]) => {
      const found: T[] = [];
      for (const part of chunks(idList, 100)) {
        const res = await http.request("GET", `${endpoint}/${ids(part)}`, { sign: false });
        if (res.status === 404) continue;
        if (res.status !== 200) throw errorOf(res, `GET ${endpoint}`);
        const reply = res.json<T | T[]>();
        found.push(...(Array.isArray(reply) ? reply : [reply]));
      }
      return found;
    },
    /** Adds or updates; each call is one transaction, whatever its size. */
    push: (list: EngramInputJson[]) => empty("POST", endpoint, { body: list }),
    delete: (uidsOrClasses: string[]) => bulkDelete(endpoint, uidsOrClasses),
  });
  const engrams = items<EngramJson>("/v1/engram.php");
  const creatures = {
    ...items<CreatureJson>("/v1/creature.php"),
    /**
     * A game's creatures (the creature API's extension `game`, docs/API.md#games): all, a
     * mod's, or (null) the base game's. engram.php has no such extension: a game's engrams
     * are read from its changes feed.
     */
    ofGame: (game: Game, modIds?: string | string[] | null) =>
      json<CreatureJson[]>(
        "GET",
        `/v1/creature.php?game=${game}${modIds === undefined ? "" : `&mod_id=${modIds === null ? "" : ids(modIds)}`}`,
        { sign: false },
      ),
  };

  /**
   * GET /v1/changes.php: one page of the feed. No cursor and no time: a full read. A
   * cursor older than the server keeps is a BeaconApiError with status 410.
   */
  const changes = (query: { cursor?: string; changesSince?: string; limit?: number; game?: Game } = {}) => {
    const params = [
      // Without game the feed is ASE's, and the request is the v1 interface's.
      ...(query.game === undefined ? [] : [`game=${query.game}`]),
      ...(query.cursor === undefined ? [] : [`cursor=${encodeURIComponent(query.cursor)}`]),
      ...(query.changesSince === undefined ? [] : [`changes_since=${encodeURIComponent(query.changesSince)}`]),
      ...(query.limit === undefined ? [] : [`limit=${query.limit}`]),
    ];
    return json<ChangesPage>("GET", `/v1/changes.php${params.length > 0 ? `?${params.join("&")}` : ""}`, {
      sign: false,
    });
  };

  const documents = {
    /** The content is sent byte for byte (a string or bytes), or as JSON for an object. */
    publish: (content: string | Uint8Array | object) =>
      empty("POST", "/v1/document.php", { body: content, contentType: "application/json" }),
    /** The stored content, exactly; counts as a download. */
    content: async (documentId: string) =>
      (await call("GET", `/v1/document.php/${ids(documentId)}`, { sign: false })).body,
    metadata: (documentId: string) =>
      json<DocumentJson>("GET", `/v1/document.php/${ids(documentId)}?simple`, { sign: false }),
    metadataMany: async (documentIds: string[]) => {
      const reply = await json<DocumentJson | DocumentJson[]>("GET", `/v1/document.php/${ids(documentIds)}?simple`, {
        sign: false,
      });
      return Array.isArray(reply) ? reply : [reply];
    },
    list: (query: DocumentListQuery = {}) => {
      const params = Object.entries(query)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`);
      return json<DocumentJson[]>("GET", `/v1/document.php${params.length > 0 ? `?${params.join("&")}` : ""}`, {
        sign: false,
      });
    },
    exists: async (documentId: string) => {
      const res = await http.request("HEAD", `/v1/document.php/${ids(documentId)}`, { sign: false });
      if (res.status === 200 || res.status === 404) return res.status === 200;
      throw errorOf(res, `HEAD /v1/document.php/${documentId}`);
    },
    delete: (documentIds: string[]) => bulkDelete("/v1/document.php", documentIds),
    /** Extension: the document's kept revisions, newest first. */
    revisions: (documentId: string) =>
      json<RevisionJson[]>("GET", `/v1/document.php/${ids(documentId)}?revisions`, { sign: false }),
    /** Extension: a kept revision's bytes, exactly; counts as a download. */
    revisionContent: async (documentId: string, revision: number) =>
      (await call("GET", `/v1/document.php/${ids(documentId)}?revision=${revision}`, { sign: false })).body,
    /** Extension: what changed between two kept revisions (defaults: the newest and the one before it). */
    diff: (documentId: string, from?: number, to?: number) =>
      json<RevisionDiffJson>(
        "GET",
        `/v1/document.php/${ids(documentId)}?diff${from === undefined ? "" : `&from=${from}`}${to === undefined ? "" : `&to=${to}`}`,
        { sign: false },
      ),
    /** Extension: the loot warnings of the current content (docs/API.md, "Document checks"). */
    check: (documentId: string) =>
      json<DocumentCheckJson>("GET", `/v1/document.php/${ids(documentId)}?check`, { sign: false }),
    /** Extension: publishes a kept revision's bytes again as the newest revision (the author only). */
    restore: (documentId: string, revision: number) =>
      json<{ document_id: string; revision: number; restored_from: number }>(
        "POST",
        `/v1/document.php/${ids(documentId)}?restore=${revision}`,
      ),
    /**
     * The portal's export of a document's Game.ini (crate lines and settings) or
     * GameUserSettings.ini (settings) (not part of v1; not a download).
     */
    gameIni: async (documentId: string, difficulty?: string, file: IniFileName = "game.ini") =>
      (
        await call(
          "GET",
          `/documents/${ids(documentId)}/${file}${difficulty === undefined ? "" : `?difficulty=${encodeURIComponent(difficulty)}`}`,
          { sign: false },
        )
      ).text(),
    /** The file `existing` with the document's lines of it (crates, settings) merged in. */
    mergeGameIni: async (
      documentId: string,
      existing: Uint8Array,
      difficulty?: string,
      file: IniFileName = "game.ini",
    ) =>
      (
        await call(
          "POST",
          `/documents/${ids(documentId)}/${file}${difficulty === undefined ? "" : `?difficulty=${encodeURIComponent(difficulty)}`}`,
          {
            sign: false,
            body: existing,
            contentType: "text/plain; charset=utf-8",
          },
        )
      ).body,
  };

  /** /v1/webhook.php: the caller's webhooks (docs/WEBHOOKS.md). */
  const webhooks = {
    list: () => json<WebhookJson[]>("GET", "/v1/webhook.php"),
    add: (input: Record<string, unknown>) =>
      json<WebhookJson & { secret: string }>("POST", "/v1/webhook.php", { body: input }),
    remove: (webhookId: string) => empty("DELETE", `/v1/webhook.php/${ids(webhookId)}`),
    test: (webhookId: string) => json<DeliveryJson>("POST", `/v1/webhook.php/${ids(webhookId)}?action=test`),
    deliveries: (webhookId: string, limit = 20) =>
      json<DeliveryJson[]>("GET", `/v1/webhook.php/${ids(webhookId)}?action=deliveries&limit=${limit}`),
    redeliver: (webhookId: string, deliveryId: string) =>
      json<DeliveryJson>("POST", `/v1/webhook.php/${ids(webhookId)}?action=redeliver`, {
        body: { delivery_id: deliveryId },
      }),
  };

  const keys = {
    list: () => json<KeyJson[]>("GET", "/v1/key.php"),
    add: (publicKey: string, name?: string) =>
      json<KeyJson>("POST", "/v1/key.php", { body: { public_key: publicKey, name } }),
    rotate: (keyId: number, publicKey: string, name?: string) =>
      json<KeyJson>("POST", `/v1/key.php/${keyId}?action=rotate`, { body: { public_key: publicKey, name } }),
    revoke: (keyId: number) => empty("DELETE", `/v1/key.php/${keyId}`),
  };

  const recovery = {
    /** POST /v1/recovery.php: ten new codes (the unused ones stop working); shown only in this reply */
    issue: async () => (await json<{ codes: string[] }>("POST", "/v1/recovery.php")).codes,
  };

  return {
    http,
    baseUrl: http.baseUrl,
    webhooks,
    keys,
    recovery,
    identity: options.identity,
    users,
    mods,
    asaMods,
    engrams,
    creatures,
    changes,
    documents,
  };
}

export type BeaconApi = ReturnType<typeof beaconApi>;
