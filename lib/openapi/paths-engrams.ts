/** /v1/engram.php (docs/CONTRACT.md#engrams). GET is public; POST and DELETE are signed. */
import type { PathItem } from "@/lib/openapi/types";
import { EXAMPLE, EXAMPLE_UID, exampleClass, examplePath } from "@/lib/openapi/examples";
import { EMPTY_OK, SIGNED, idListBody, json, jsonOk, pathIds, query, schemaRef } from "@/lib/openapi/helpers";
import { errors } from "@/lib/openapi/responses";

const path = examplePath();
const exampleEngram = {
  path,
  class: exampleClass(),
  label: "Wall (S+)",
  environments: ["Island", "Scorched", "Center", "Ragnarok", "Abberation"],
  can_blueprint: true,
  spawn: `cheat giveitem "Blueprint'${path}'" 1 0 false`,
  uid: EXAMPLE_UID,
  resource_url: `${EXAMPLE.baseUrl}/v1/engram.php/${EXAMPLE_UID}`,
  mod_id: Number(EXAMPLE.modId),
  mod_name: EXAMPLE.modName,
};
const list = { type: "array", items: schemaRef("Engram") };
const UNKNOWN_UID = "00000000000000000000000000000000";

export const engramPaths: Record<string, PathItem> = {
  "/v1/engram.php": {
    get: {
      operationId: "listEngrams",
      summary: "List engrams",
      description:
        "No signature needed. Without mod_id: every engram. mod_id= with an empty value: the engrams of no mod (the base game).",
      tags: ["Engrams"],
      parameters: [
        query(
          "mod_id",
          "Comma-separated workshop ids; empty: engrams of no mod.",
          { type: "string" },
          { byMod: EXAMPLE.modId, severalMods: `${EXAMPLE.modId},${EXAMPLE.otherModId}`, baseGame: "" },
          true,
        ),
        query(
          "facts",
          "Extension a v1 client never sends: each item also carries the catalogue's facts (maps, category and blueprint_known; EngramWithFacts).",
          { type: "string" },
          { withFacts: "" },
          true,
        ),
      ],
      responses: { "200": jsonOk("The engrams.", list, { engrams: [exampleEngram] }), ...errors() },
    },
    post: {
      operationId: "pushEngrams",
      summary: "Add or update engrams of your confirmed mods",
      description:
        "class, uid and spawn are derived from path. The caller must own a confirmed registration of each mod_id (403). A path that belongs to another mod is 409; an existing path of the same mod is updated. One object or an array of any length within MAX_BODY_BYTES (all or none).",
      tags: ["Engrams"],
      security: SIGNED,
      requestBody: {
        required: true,
        content: json(
          schemaRef("EngramInputs"),
          {
            one: {
              path,
              label: "Wall (S+)",
              environments: ["Island", "Scorched", "Center", "Ragnarok", "Abberation"],
              can_blueprint: true,
              mod_id: EXAMPLE.modId,
            },
            batch: [
              {
                path,
                label: "Wall (S+)",
                availability: "Island,Scorched",
                can_blueprint: "true",
                mod_id: Number(EXAMPLE.modId),
              },
              {
                path: examplePath(`${EXAMPLE.engramName}Door`),
                label: "Door (S+)",
                environments: ["island", "Aberration"],
                can_blueprint: false,
                mod_id: EXAMPLE.modId,
              },
            ],
          },
          { one: "One engram", batch: "Several, with the accepted spellings" },
        ),
      },
      responses: { "200": EMPTY_OK, ...errors("401", "403", "409") },
    },
    delete: {
      operationId: "deleteEngramsBulk",
      summary: "Delete engrams (uids or classes in a text/plain body)",
      description: "Only engrams of your own confirmed mods; any other is 403 and nothing is deleted.",
      tags: ["Engrams"],
      security: SIGNED,
      requestBody: idListBody("Comma-separated uids or classes.", { uids: EXAMPLE_UID }),
      responses: { "200": EMPTY_OK, ...errors("401", "403", "404") },
    },
  },
  "/v1/engram.php/{ids}": {
    get: {
      operationId: "getEngrams",
      summary: "Get engrams by uid or class",
      description:
        "No signature needed. A 32-hex id is a uid; an id ending in _C is a class. One uid, or one class matching one engram: an object; otherwise an array of those found (404 when none is).",
      tags: ["Engrams"],
      parameters: [
        pathIds("ids", "Comma-separated uids or classes.", {
          uid: EXAMPLE_UID,
          class: exampleClass(),
          several: `${EXAMPLE_UID},${UNKNOWN_UID}`,
        }),
      ],
      responses: {
        "200": jsonOk("The engram, or an array.", { oneOf: [schemaRef("Engram"), list] }, { one: exampleEngram }),
        ...errors("404"),
      },
    },
    delete: {
      operationId: "deleteEngrams",
      summary: "Delete engrams by uid or class",
      description: "Only engrams of your own confirmed mods; any other is 403 and nothing is deleted.",
      tags: ["Engrams"],
      security: SIGNED,
      parameters: [pathIds("ids", "Comma-separated uids or classes.", { uid: EXAMPLE_UID, class: exampleClass() })],
      responses: { "200": EMPTY_OK, ...errors("401", "403", "404") },
    },
  },
};
