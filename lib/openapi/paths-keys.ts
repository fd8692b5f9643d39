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
const input: JsonSchema = {
  type: "object",
  required: ["public_key"],
  properties: {
    public_key: {
      type: "string",
      description: "PEM PUBLIC KEY block or the hex of a DER key: RSA ≥ 2048 bits or Ed25519",
    },
    name: { type: "string", maxLength: 80, description: 'default "key added <date>"' },
  },
};
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
