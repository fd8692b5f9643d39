/**
 * The OpenAPI 3.1 description of the v1 API, served at /v1/openapi.json and rendered at
 * /docs/api. A typed object, so the server, the reference page and the tests share it;
 * `servers` is the running instance's BASE_URL, which is also what clients sign.
 */
import type { OpenApiDocument } from "@/lib/openapi/types";
import { schemas } from "@/lib/openapi/schemas";
import { responses } from "@/lib/openapi/responses";
import { userPaths } from "@/lib/openapi/paths-users";
import { asaModPaths, asaModSchemas } from "@/lib/openapi/paths-asa-mods";
import { modPaths } from "@/lib/openapi/paths-mods";
import { engramPaths } from "@/lib/openapi/paths-engrams";
import { creaturePaths } from "@/lib/openapi/paths-creatures";
import { changesPaths } from "@/lib/openapi/paths-changes";
import { documentPaths } from "@/lib/openapi/paths-documents";
import { webhookPaths } from "@/lib/openapi/paths-webhooks";
import { keyPaths, recoveryPaths, tokenPaths } from "@/lib/openapi/paths-keys";
import { reportPaths, reportSchemas } from "@/lib/openapi/paths-reports";
import { iniCheckPaths, iniCheckSchemas } from "@/lib/openapi/paths-ini-check";
import { withCommonResponses } from "@/lib/openapi/common-responses";

export const SIGNATURE_SCHEME = `Every write, and every mod request, is signed with the user's private key; the signature is the password of HTTP Basic authentication.

1. Build the content to sign, lines separated by a line feed (\\n):
   - line 1: the method in uppercase;
   - line 2: BASE_URL (the server's canonical URL, below under "servers", whatever Host you connect to) followed by the path and, if any, "?" and the query, exactly the bytes you send (no re-encoding or re-ordering);
   - line 3, for every method except GET: the request body, exactly as sent (the line exists even when the body is empty).
2. Sign it: RSA PKCS#1 v1.5 with SHA-1 (what Beacon-era clients send) or SHA-256, or Ed25519 for Ed25519 keys. RSA keys under 2048 bits are refused at registration.
3. Send Authorization: Basic base64(<user_id>:<hex of the signature>) (hex in either case, user id in any case).

Example, for POST https://beacon.example.com/v1/mod.php with the body {"mod_id":"731604991"}, the signed content is the three lines
  POST
  https://beacon.example.com/v1/mod.php
  {"mod_id":"731604991"}

Missing, malformed, unknown-user or bad-signature credentials are 401 with WWW-Authenticate: Basic realm="Beacon API"; for a bad signature the details show the method and URL lines the server verified, never the body. Operations that need no signature never read the Authorization header. Signed but not allowed (not the owner) is 403. A signature made for one method, URL or body never authorises another.`;

const DESCRIPTION = `Beacon Hub speaks the Beacon v1 API of ARK: Survival Evolved tools: mods and their ownership, the engram and creature catalogue and a feed of its changes, shared configuration documents, and users identified by a public key.

## Conventions
- Lists of ids are comma-separated, in the path or, for a bulk DELETE, in a text/plain body.
- A POST body is one structure or an array of them, of any length within MAX_BODY_BYTES (there is no item count limit); an array is all or none (one transaction) and an error names the offending item (details.index).
- Success of POST and DELETE is 200 with an empty body. JSON bodies use Content-Type: application/json; request bodies may be gzip-encoded (Content-Encoding: gzip), and replies are gzip-encoded when the client accepts it.
- Every error is JSON {"message": "<human sentence>", "details": <any or null>} with one of these statuses: 400 bad input (malformed JSON, wrong Content-Type, missing or invalid keys, bad UUID, bad query parameter); 401 not signed or bad signature; 403 not the owner; 404 nothing found; 405 wrong method or user listing (with Allow); 409 conflict (mods, engrams, creatures); 410 a changes cursor older than the server keeps; 413 body over MAX_BODY_BYTES; 429 over a rate limit (with Retry-After); 502 Steam Workshop unreachable or broken; 503 database unreachable (with Retry-After). Never an HTML page or a stack trace; an unexpected failure is a 500 that reveals nothing.
- Every reply carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (seconds), and the same as X-RateLimit-* (X-RateLimit-Reset as a Unix time), for the tighter of the per-address and per-user limits (when the operator has not disabled them).
- Every GET that answers a body carries a strong ETag; If-None-Match with it is answered 304 without a body.

## Signing requests
${SIGNATURE_SCHEME}`;

export function openApiDocument(baseUrl: string): OpenApiDocument {
  return {
    openapi: "3.1.0",
    info: {
      title: "Beacon Hub v1 API",
      version: "1",
      description: DESCRIPTION,
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: baseUrl, description: "This instance (its BASE_URL: sign this URL)" }],
    tags: [
      { name: "Users", description: "A user is a UUID and a public key; the private key signs requests." },
      {
        name: "Mods",
        description:
          "Steam Workshop mods (mod.php) and ARK: Survival Ascended mods on CurseForge (asa-mod.php): register, prove ownership through the item's or project's description, remove.",
      },
      { name: "Engrams", description: "Craftable and spawnable items, of confirmed mods or of the base game." },
      {
        name: "Creatures",
        description:
          "Creatures (dinos) and their spawn commands: the engrams' rules for the second kind of the catalogue.",
      },
      {
        name: "Changes",
        description: "What changed in the catalogue since a cursor, deletions included, for tools that keep a copy.",
      },
      {
        name: "Documents",
        description: "Shared configuration documents: anyone reads, the publisher updates and deletes.",
      },
      {
        name: "Webhooks",
        description:
          "Your webhooks: where the service POSTs what happens (docs/WEBHOOKS.md), their secrets and delivery logs.",
      },
      { name: "Reports", description: "Reports of documents, mods and authors for the instance's moderators." },
      {
        name: "Keys",
        description:
          "The public keys of your account: add, rotate and revoke them; recovery codes for when every key is lost (beside the interface).",
      },
      {
        name: "Ini doctor",
        description:
          "Every problem of a server's Game.ini and GameUserSettings.ini, with its fix (beside the interface).",
      },
    ],
    paths: withCommonResponses({
      ...userPaths,
      ...modPaths,
      ...asaModPaths,
      ...engramPaths,
      ...creaturePaths,
      ...changesPaths,
      ...documentPaths,
      ...webhookPaths,
      ...reportPaths,
      ...keyPaths,
      ...recoveryPaths,
      ...tokenPaths,
      ...iniCheckPaths,
    }),
    components: {
      schemas: { ...schemas, ...reportSchemas, ...asaModSchemas, ...iniCheckSchemas },
      responses,
      securitySchemes: { beaconSignature: { type: "http", scheme: "basic", description: SIGNATURE_SCHEME } },
    },
  };
}
