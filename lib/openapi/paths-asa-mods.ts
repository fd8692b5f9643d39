/** /v1/asa-mod.php (docs/API.md#asa-mods): ARK: Survival Ascended mods, CurseForge projects. Signed. */
import type { PathItem } from "@/lib/openapi/types";
import { EXAMPLE } from "@/lib/openapi/examples";
import { EMPTY_OK, SIGNED, idListBody, json, jsonOk, pathIds, query, schemaRef } from "@/lib/openapi/helpers";
import { errors } from "@/lib/openapi/responses";

/** The examples' CurseForge project id (tests swap in a project of their stand-in). */
export const EXAMPLE_ASA_MOD_ID = "928548";
const PROJECT = EXAMPLE_ASA_MOD_ID;
const base = `${EXAMPLE.baseUrl}/v1/asa-mod.php/${PROJECT}`;
const exampleAsaMod = {
  mod_id: PROJECT,
  name: "Ascended Structures",
  curseforge_url: `https://www.curseforge.com/projects/${PROJECT}`,
  confirmed: false,
  confirmation_code: EXAMPLE.confirmationCode,
  resource_url: base,
  confirm_url: `${base}?action=confirm`,
  creatures_url: `${EXAMPLE.baseUrl}/v1/creature.php?game=asa&mod_id=${PROJECT}`,
  spawncodes_url: `${EXAMPLE.baseUrl}/spawn/?game=asa&mod_id=${PROJECT}`,
  pull_url: null,
  game: "asa",
};

const NO_KEY =
  "Without the operator's CURSEFORGE_API_KEY, registering and confirming are 503 with a message saying so, and nothing is written.";

const url = (description: string) => ({ type: "string", format: "uri", description });

export const asaModSchemas = {
  AsaMod: {
    type: "object",
    required: Object.keys(exampleAsaMod),
    properties: {
      mod_id: { type: "string", pattern: "^[0-9]+$", description: "CurseForge project id." },
      name: { type: "string", description: "The project's name on CurseForge." },
      curseforge_url: url("https://www.curseforge.com/projects/<mod_id> (CurseForge sends it to the project's page)."),
      confirmed: { type: "boolean", description: "true once the owner proved the project is theirs." },
      confirmation_code: {
        type: "string",
        format: "uuid",
        description: "Put this in the project's summary or description on CurseForge, then GET confirm_url.",
      },
      resource_url: url("BASE_URL/v1/asa-mod.php/<mod_id>"),
      confirm_url: url("resource_url?action=confirm"),
      creatures_url: url("BASE_URL/v1/creature.php?game=asa&mod_id=<mod_id>"),
      spawncodes_url: url("BASE_URL/spawn/?game=asa&mod_id=<mod_id>"),
      pull_url: {
        type: ["string", "null"],
        format: "uri",
        description: "Where the service pulls this mod's items from, or null.",
      },
      game: { type: "string", enum: ["asa"], description: "The game: always asa here (mod.php serves ase)." },
    },
  },
};

const modIds = pathIds("mod_ids", "One CurseForge project id, or several comma-separated.", {
  one: PROJECT,
  confirm: PROJECT,
});

export const asaModPaths: Record<string, PathItem> = {
  "/v1/asa-mod.php": {
    get: {
      operationId: "listAsaMods",
      summary: "List your ASA mods",
      description: "Your registrations of ARK: Survival Ascended mods only, ordered by name. mod.php never lists them.",
      tags: ["Mods"],
      security: SIGNED,
      responses: {
        "200": jsonOk("Your ASA mods.", { type: "array", items: schemaRef("AsaMod") }, { mods: [exampleAsaMod] }),
        ...errors("401"),
      },
    },
    post: {
      operationId: "registerAsaMods",
      summary: "Register ASA mods by CurseForge project id",
      description: `The project must exist on CurseForge and belong to ARK: Survival Ascended (CURSEFORGE_GAME_ID): another game's project or an unknown id is 404, a CurseForge that cannot be reached 502. mod.php's rules otherwise: several users may register, a mod confirmed by another user (or an id registered in the other game) is 409, registering again only updates pull_url. ${NO_KEY}`,
      tags: ["Mods"],
      security: SIGNED,
      requestBody: {
        required: true,
        content: json(schemaRef("ModInputs"), { register: { mod_id: PROJECT } }, { register: "Register one project" }),
      },
      responses: { "200": EMPTY_OK, ...errors("401", "404", "409", "502") },
    },
    delete: {
      operationId: "deleteAsaModsBulk",
      summary: "Remove ASA mods (ids in a text/plain body)",
      description: "Removing a confirmed mod also removes its items and creatures.",
      tags: ["Mods"],
      security: SIGNED,
      requestBody: idListBody("Comma-separated project ids.", { list: PROJECT }),
      responses: { "200": EMPTY_OK, ...errors("401", "403", "404") },
    },
  },
  "/v1/asa-mod.php/{mod_ids}": {
    get: {
      operationId: "getAsaMods",
      summary: "Get your ASA mods by id, or confirm one",
      description: `With action=confirm (one id): the service reads the project's summary and description fresh from CurseForge and confirms the mod when its confirmation_code is in either; confirming deletes every other user's registration of it, and losing to another user is 409. ${NO_KEY}`,
      tags: ["Mods"],
      security: SIGNED,
      parameters: [
        modIds,
        query(
          "action",
          "confirm: attempt confirmation (this is confirm_url).",
          { type: "string", enum: ["confirm"] },
          { confirm: "confirm" },
        ),
      ],
      responses: {
        "200": jsonOk(
          "The mod (confirm: with the outcome in confirmed), or an array for several ids.",
          { oneOf: [schemaRef("AsaMod"), { type: "array", items: schemaRef("AsaMod") }] },
          { one: exampleAsaMod, confirmed: { ...exampleAsaMod, confirmed: true } },
        ),
        ...errors("401", "404", "409", "502"),
      },
    },
    delete: {
      operationId: "deleteAsaMods",
      summary: "Remove ASA mods",
      description: "Removing a confirmed mod also removes its items and creatures.",
      tags: ["Mods"],
      security: SIGNED,
      parameters: [pathIds("mod_ids", "Comma-separated project ids.", { one: PROJECT })],
      responses: { "200": EMPTY_OK, ...errors("401", "403", "404") },
    },
  },
};
