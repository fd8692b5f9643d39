/** /v1/key.php: the public keys of the caller's account (lib/keys/keys.ts). Every method is signed. */
import { EXAMPLE } from "@/lib/openapi/examples";
import { EMPTY_OK, SIGNED, json, jsonOk, pathIds, query } from "@/lib/openapi/helpers";
import { errors } from "@/lib/openapi/responses";
import type { JsonSchema, PathItem } from "@/lib/openapi/types";

/** A key id the OpenAPI test swaps for the seeded account's first key. */
export const EXAMPLE_KEY_ID = "90817";
/** A key the examples add; the OpenAPI test swaps it for a fresh one. */
export const EXAMPLE_NEW_KEY_PEM =
  "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAYY0wmbZN607cHr2wpCyxK6JHQQ3Pj4hyIuzZgKjK1qU=\n-----END PUBLIC KEY-----\n";

/** A recovery code the OpenAPI test swaps for one it was given. */
export const EXAMPLE_RECOVERY_CODE = "7kq4-m2xa-9fbe";

const key: JsonSchema = {
  type: "object",
  required: ["key_id", "name", "public_key", "primary", "created_at", "last_used_at", "revoked_at"],
  properties: {
    key_id: { type: "integer", minimum: 1 },
    name: { type: "string" },
    public_key: { type: "string", description: "PEM" },
    primary: { type: "boolean", description: "the key GET /v1/user.php/<id> returns" },
    created_at: { type: "string", format: "date-time" },
    last_used_at: { type: ["string", "null"], format: "date-time", description: "to about ten minutes" },
    revoked_at: { type: ["string", "null"], format: "date-time" },
  },
};
const inputProperties: Record<string, JsonSchema> = {
  public_key: {
    type: "string",
    description: "PEM PUBLIC KEY block or the hex of a DER key: RSA ≥ 2048 bits or Ed25519",
  },
  name: { type: "string", maxLength: 80, description: 'default "key added <date>"' },
};
const input: JsonSchema = { type: "object", required: ["public_key"], properties: inputProperties };
const first = {
  key_id: Number(EXAMPLE_KEY_ID),
  name: "first key",
  public_key: EXAMPLE.publicKeyPem,
  primary: true,
  created_at: "2026-11-20T09:12:44.000Z",
  last_used_at: "2026-11-27T18:40:02.117Z",
  revoked_at: null,
};
const added = {
  key_id: Number(EXAMPLE_KEY_ID) + 1,
  name: "build server",
  public_key: EXAMPLE_NEW_KEY_PEM,
  primary: false,
  created_at: "2026-11-27T19:01:00.000Z",
  last_used_at: null,
  revoked_at: null,
};
const newKey = { public_key: EXAMPLE_NEW_KEY_PEM, name: "build server" };

export const keyPaths: Record<string, PathItem> = {
  "/v1/key.php": {
    get: {
      operationId: "listKeys",
      summary: "List your account's keys",
      description:
        "Every key of the signing account, active and revoked. A signature verifies against any active key; GET /v1/user.php/<id> returns the primary one.",
      tags: ["Keys"],
      security: SIGNED,
      responses: {
        "200": jsonOk("The keys, oldest first.", { type: "array", items: key }, { keys: [first] }),
        ...errors("401"),
      },
    },
    post: {
      operationId: "addKey",
      summary: "Add a key to your account",
      description:
        "Signed by a key the account has. A key the account has already, or had and revoked, is 409: a revoked key never comes back.",
      tags: ["Keys"],
      security: SIGNED,
      requestBody: { required: true, content: json(input, { add: newKey }) },
      responses: { "201": jsonOk("Added.", key, { added }), ...errors("401", "409") },
    },
  },
  "/v1/key.php/{key_id}": {
    post: {
      operationId: "rotateKey",
      summary: "Rotate a key: add a new one and revoke this one, in one step",
      description:
        "The new key becomes the primary one when the rotated key was. Revoking is refused (409) when it would leave no active key.",
      tags: ["Keys"],
      security: SIGNED,
      parameters: [
        pathIds("key_id", "The key to revoke.", { rotate: EXAMPLE_KEY_ID }),
        query("action", "rotate", { type: "string", enum: ["rotate"] }, { rotate: "rotate" }),
      ],
      requestBody: { required: true, content: json(input, { rotate: newKey }) },
      responses: {
        "201": jsonOk("The new key.", key, { rotated: { ...added, primary: true } }),
        ...errors("401", "404", "409"),
      },
    },
    delete: {
      operationId: "revokeKey",
      summary: "Revoke a key",
      description:
        "Its signatures are refused from now on with a 401 that says the key was revoked. The last active key cannot be revoked (409); when the primary key is revoked, the newest remaining key becomes the primary one.",
      tags: ["Keys"],
      security: SIGNED,
      parameters: [pathIds("key_id", "The key to revoke.", { one: EXAMPLE_KEY_ID })],
      responses: { "200": EMPTY_OK, ...errors("401", "404", "409") },
    },
  },
};

const codes = [
  "7kq4-m2xa-9fbe",
  "h3tw-p8zn-c5vd",
  "2ruj-6gky-s4ma",
  "e9bx-w7nf-k3tq",
  "u5hc-a2mz-8jpr",
  "y6dv-q4ks-n2we",
  "b8fm-t3xj-7rga",
  "s2wn-e6pc-4hkz",
  "m9qa-j5vr-3dtu",
  "c4zk-x8hy-6bwe",
];

export const recoveryPaths: Record<string, PathItem> = {
  "/v1/recovery.php": {
    get: {
      operationId: "countRecoveryCodes",
      summary: "How many unused recovery codes your account has",
      tags: ["Keys"],
      security: SIGNED,
      responses: {
        "200": jsonOk(
          "The count.",
          { type: "object", required: ["remaining"], properties: { remaining: { type: "integer", minimum: 0 } } },
          { count: { remaining: 9 } },
        ),
        ...errors("401"),
      },
    },
    post: {
      operationId: "issueRecoveryCodes",
      summary: "Ten new recovery codes (shown this once)",
      description:
        "The account's unused codes stop working. Only scrypt hashes of the codes are kept: keep them apart from the identity file.",
      tags: ["Keys"],
      security: SIGNED,
      responses: {
        "201": jsonOk(
          "The codes, shown this once.",
          {
            type: "object",
            required: ["codes"],
            properties: { codes: { type: "array", items: { type: "string" }, minItems: 10, maxItems: 10 } },
          },
          { issued: { codes } },
        ),
        ...errors("401"),
      },
    },
  },
  "/v1/recovery.php/{user_id}": {
    post: {
      operationId: "recoverAccount",
      summary: "Recover an account with a recovery code and a new key",
      description:
        "Unsigned (the keys are lost). The code is spent and the new key replaces every key of the account: the old ones are revoked, and so is every API token of the account. A wrong, used or replaced code, or an unknown account, is the same 401. Attempts are limited per client address and per account (RATE_LIMIT_SIGNIN_PER_MINUTE): more are 429.",
      tags: ["Keys"],
      security: [{}],
      parameters: [pathIds("user_id", "The account to recover.", { recover: EXAMPLE.userId })],
      requestBody: {
        required: true,
        content: json(
          {
            type: "object",
            required: ["code", "public_key"],
            properties: {
              code: { type: "string", description: "one recovery code; case, spaces and dashes do not matter" },
              public_key: inputProperties.public_key!,
              name: inputProperties.name!,
            },
          },
          { recover: { code: EXAMPLE_RECOVERY_CODE, public_key: EXAMPLE_NEW_KEY_PEM, name: "new laptop" } },
        ),
      },
      responses: {
        "200": jsonOk(
          "Recovered: the new key is the account's only key; keys_revoked and tokens_revoked count what the recovery revoked.",
          {
            type: "object",
            required: ["user_id", "keys_revoked", "tokens_revoked"],
            properties: {
              user_id: { type: "string" },
              keys_revoked: { type: "integer", minimum: 0 },
              tokens_revoked: { type: "integer", minimum: 0 },
            },
          },
          { recovered: { user_id: EXAMPLE.userId, keys_revoked: 1, tokens_revoked: 0 } },
        ),
        ...errors("401"),
      },
    },
  },
};

/** A token id the OpenAPI test swaps for one it made. */
export const EXAMPLE_TOKEN_ID = "tok_5f0c2a9e4b7d1c83";
const tokenExample = {
  token_id: EXAMPLE_TOKEN_ID,
  name: "release pipeline",
  hint: "bh_Qm4x",
  scopes: ["engrams:write"],
  mod_ids: [EXAMPLE.modId],
  created_at: "2026-11-27T19:00:00.000Z",
  expires_at: "2027-02-25T19:00:00.000Z",
  last_used_at: null,
  revoked_at: null,
};
const TOKEN_SCOPES_SCHEMA: JsonSchema = {
  type: "array",
  items: { type: "string", enum: ["engrams:write", "documents:write", "webhooks:manage"] },
};
const tokenSchema: JsonSchema = {
  type: "object",
  required: ["token_id", "name", "hint", "scopes", "mod_ids", "created_at", "expires_at", "last_used_at", "revoked_at"],
  properties: {
    token_id: { type: "string" },
    name: { type: "string" },
    hint: { type: "string", description: "the first characters of the token" },
    scopes: TOKEN_SCOPES_SCHEMA,
    mod_ids: { type: "array", items: { type: "string" }, description: "the mods engrams:write is limited to" },
    created_at: { type: "string", format: "date-time" },
    expires_at: { type: "string", format: "date-time" },
    last_used_at: { type: ["string", "null"], format: "date-time" },
    revoked_at: { type: ["string", "null"], format: "date-time" },
  },
};

export const tokenPaths: Record<string, PathItem> = {
  "/v1/token.php": {
    get: {
      operationId: "listTokens",
      summary: "List your API tokens (never their secrets)",
      tags: ["Keys"],
      security: SIGNED,
      responses: {
        "200": jsonOk("The tokens, oldest first.", { type: "array", items: tokenSchema }, { tokens: [tokenExample] }),
        ...errors("401"),
      },
    },
    post: {
      operationId: "createToken",
      summary: "Make an API token (shown this once)",
      description:
        "Signed only: a token never makes tokens. scopes: engrams:write (POST /v1/engram.php and /v1/creature.php, only items of mod_ids), documents:write (POST and DELETE /v1/document.php), webhooks:manage (/v1/webhook.php). Every token expires: expires_at or expires_in_days, at most 365 days away. Send it as Authorization: Bearer bh_...",
      tags: ["Keys"],
      security: SIGNED,
      requestBody: {
        required: true,
        content: json(
          {
            type: "object",
            required: ["name", "scopes"],
            properties: {
              name: { type: "string", maxLength: 80 },
              scopes: TOKEN_SCOPES_SCHEMA,
              mod_ids: { type: "array", items: { type: "string" } },
              expires_at: { type: "string", format: "date-time" },
              expires_in_days: { type: "integer", minimum: 1, maximum: 365 },
            },
          },
          {
            make: {
              name: "release pipeline",
              scopes: ["engrams:write"],
              mod_ids: [EXAMPLE.modId],
              expires_in_days: 90,
            },
          },
        ),
      },
      responses: {
        "201": jsonOk(
          "Made: the token is in the reply this once.",
          { type: "object" },
          { made: { ...tokenExample, token: "bh_Qm4xW0p9cL2vT7kR1sN8bY3hD6fJ5gA0zE4uI9oP2qX" } },
        ),
        ...errors("401", "409"),
      },
    },
  },
  "/v1/token.php/{token_id}": {
    delete: {
      operationId: "revokeToken",
      summary: "Revoke an API token",
      tags: ["Keys"],
      security: SIGNED,
      parameters: [pathIds("token_id", "The token's id (tok_...).", { one: EXAMPLE_TOKEN_ID })],
      responses: { "200": EMPTY_OK, ...errors("401", "404") },
    },
  },
};
