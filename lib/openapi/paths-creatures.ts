/** /v1/creature.php (docs/CONTRACT.md#creatures): engram.php's operations for creatures. GET is public; POST and DELETE are signed. */
import type { PathItem } from "@/lib/openapi/types";
import { EXAMPLE, EXAMPLE_CREATURE_UID, exampleCreatureClass, exampleCreaturePath } from "@/lib/openapi/examples";
import { EMPTY_OK, SIGNED, idListBody, json, jsonOk, pathIds, query, schemaRef } from "@/lib/openapi/helpers";
import { errors } from "@/lib/openapi/responses";

const path = exampleCreaturePath();
export const exampleCreature = {
  path,
  class: exampleCreatureClass(),
  label: "Megalania",
  environments: ["Island", "Ragnarok"],
  spawn: `cheat spawndino "Blueprint'${path}'" 1 1 1 30`,
  uid: EXAMPLE_CREATURE_UID,
  resource_url: `${EXAMPLE.baseUrl}/v1/creature.php/${EXAMPLE_CREATURE_UID}`,
  mod_id: Number(EXAMPLE.modId),
  mod_name: EXAMPLE.modName,
};
const list = { type: "array", items: schemaRef("Creature") };
const UNKNOWN_UID = "00000000000000000000000000000000";
const SAME_AS_ENGRAMS = "The same rules, statuses and bulk forms as engram.php.";

export const creaturePaths: Record<string, PathItem> = {
  "/v1/creature.php": {
    get: {
      operationId: "listCreatures",
      summary: "List creatures",
      description:
        "No signature needed. Without mod_id: every creature. mod_id= with an empty value: the creatures of no mod (the base game).",
      tags: ["Creatures"],
      parameters: [
        query(
          "mod_id",
          "Comma-separated workshop ids; empty: creatures of no mod.",
          { type: "string" },
          { byMod: EXAMPLE.modId, baseGame: "" },
          true,
        ),
        query(
          "facts",
          "Extension a v1 client never sends: each item also carries the catalogue's facts (maps, tameable and listed_as; CreatureWithFacts).",
          { type: "string" },
          { withFacts: "" },
          true,
        ),
      ],
      responses: { "200": jsonOk("The creatures.", list, { creatures: [exampleCreature] }), ...errors() },
    },
    post: {
      operationId: "pushCreatures",
      summary: "Add or update creatures of your confirmed mods",
      description: `class, uid and spawn are derived from path. ${SAME_AS_ENGRAMS} A path may be a creature and an engram at once: each kind has its own catalogue.`,
      tags: ["Creatures"],
      security: SIGNED,
      requestBody: {
        required: true,
        content: json(
          schemaRef("CreatureInputs"),
          { one: { path, label: "Megalania", environments: ["Island", "Ragnarok"], mod_id: EXAMPLE.modId } },
          { one: "One creature" },
        ),
      },
      responses: { "200": EMPTY_OK, ...errors("401", "403", "409") },
    },
    delete: {
      operationId: "deleteCreaturesBulk",
      summary: "Delete creatures (uids or classes in a text/plain body)",
      description: "Only creatures of your own confirmed mods; any other is 403 and nothing is deleted.",
      tags: ["Creatures"],
      security: SIGNED,
      requestBody: idListBody("Comma-separated uids or classes.", { uids: EXAMPLE_CREATURE_UID }),
      responses: { "200": EMPTY_OK, ...errors("401", "403", "404") },
    },
  },
  "/v1/creature.php/{ids}": {
    get: {
      operationId: "getCreatures",
      summary: "Get creatures by uid or class",
      description:
        "No signature needed. A 32-hex id is a uid; an id ending in _C is a class. One uid, or one class matching one creature: an object; otherwise an array of those found (404 when none is).",
      tags: ["Creatures"],
      parameters: [
        pathIds("ids", "Comma-separated uids or classes.", {
          uid: EXAMPLE_CREATURE_UID,
          class: exampleCreatureClass(),
          several: `${EXAMPLE_CREATURE_UID},${UNKNOWN_UID}`,
        }),
      ],
      responses: {
        "200": jsonOk("The creature, or an array.", { oneOf: [schemaRef("Creature"), list] }, { one: exampleCreature }),
        ...errors("404"),
      },
    },
    delete: {
      operationId: "deleteCreatures",
      summary: "Delete creatures by uid or class",
      description: "Only creatures of your own confirmed mods; any other is 403 and nothing is deleted.",
      tags: ["Creatures"],
      security: SIGNED,
      parameters: [
        pathIds("ids", "Comma-separated uids or classes.", {
          uid: EXAMPLE_CREATURE_UID,
          class: exampleCreatureClass(),
        }),
      ],
      responses: { "200": EMPTY_OK, ...errors("401", "403", "404") },
    },
  },
};
