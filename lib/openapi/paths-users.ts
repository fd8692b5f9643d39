/** /v1/user.php (docs/CONTRACT.md#users). */
import type { PathItem } from "@/lib/openapi/types";
import { EXAMPLE } from "@/lib/openapi/examples";
import { EMPTY_OK, SIGNED, idListBody, json, jsonOk, pathIds, schemaRef } from "@/lib/openapi/helpers";
import { errors } from "@/lib/openapi/responses";

const user = { user_id: EXAMPLE.userId, public_key: EXAMPLE.publicKeyPem };
const createBody = {
  required: true,
  description:
    "One user or an array (all or none). The key may be PEM or hex of the DER SubjectPublicKeyInfo; it is stored as PEM.",
  content: json(
    schemaRef("UserInput"),
    { hexKey: { user_id: EXAMPLE.userId, public_key: EXAMPLE.publicKeyHex }, pemKey: user },
    { hexKey: "Key as hex DER, as Beacon-era clients send it", pemKey: "Key as PEM" },
  ),
};
const userIds = pathIds("user_ids", "One user id, or several comma-separated.", {
  one: EXAMPLE.userId,
  several: `${EXAMPLE.userId},3f8e1a2b-4c5d-4e6f-8a9b-0c1d2e3f4a5b`,
});
const ownId = pathIds("user_ids", "Your own user id.", { own: EXAMPLE.userId });

export const userPaths: Record<string, PathItem> = {
  "/v1/user.php": {
    post: {
      operationId: "createUsers",
      summary: "Register users",
      description: "No signature needed. A user that exists already is a 400.",
      tags: ["Users"],
      requestBody: createBody,
      responses: { "200": EMPTY_OK, ...errors() },
    },
    get: {
      operationId: "listUsers",
      summary: "Listing users is not possible",
      description: "Always 405 with Allow: ask for user ids instead.",
      tags: ["Users"],
      responses: { "405": { $ref: "#/components/responses/MethodNotAllowed" } },
    },
    delete: {
      operationId: "deleteSelfBulk",
      summary: "Delete yourself (id in a text/plain body)",
      tags: ["Users"],
      security: SIGNED,
      requestBody: idListBody("Your own user id.", { own: EXAMPLE.userId }),
      responses: { "200": EMPTY_OK, ...errors("401", "403", "404") },
    },
  },
  "/v1/user.php/{user_ids}": {
    get: {
      operationId: "getUsers",
      summary: "Get users by id",
      description: "No signature needed. One id: an object; several: an array of those found; none found: 404.",
      tags: ["Users"],
      parameters: [userIds],
      responses: {
        "200": jsonOk(
          "The user, or an array for several ids.",
          { oneOf: [schemaRef("User"), { type: "array", items: schemaRef("User") }] },
          { one: user },
        ),
        ...errors("404"),
      },
    },
    post: {
      operationId: "createUserAt",
      summary: "Register a user, id in the path",
      description: "As POST /v1/user.php; the id after user.php/ must equal the body's user_id.",
      tags: ["Users"],
      parameters: [pathIds("user_ids", "The new user's id.", { hexKey: EXAMPLE.userId })],
      requestBody: {
        ...createBody,
        content: json(schemaRef("UserInput"), {
          hexKey: { user_id: EXAMPLE.userId, public_key: EXAMPLE.publicKeyHex },
        }),
      },
      responses: { "200": EMPTY_OK, ...errors() },
    },
    delete: {
      operationId: "deleteSelf",
      summary: "Delete yourself",
      description:
        "Removes your documents, mod registrations and the engrams of your confirmed mods. Deleting another user is 403.",
      tags: ["Users"],
      security: SIGNED,
      parameters: [ownId],
      responses: { "200": EMPTY_OK, ...errors("401", "403", "404") },
    },
  },
};
