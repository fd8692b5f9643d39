/** /v1/mod.php (docs/CONTRACT.md#mods). Every method is signed; replies depend on the caller. */
import type { PathItem } from "@/lib/openapi/types";
import { EXAMPLE } from "@/lib/openapi/examples";
import { EMPTY_OK, SIGNED, idListBody, json, jsonOk, pathIds, query, schemaRef } from "@/lib/openapi/helpers";
import { errors } from "@/lib/openapi/responses";

const base = `${EXAMPLE.baseUrl}/v1/mod.php/${EXAMPLE.modId}`;
export const exampleMod = {
  mod_id: EXAMPLE.modId,
  name: EXAMPLE.modName,
  workshop_url: `https://steamcommunity.com/sharedfiles/filedetails/?id=${EXAMPLE.modId}`,
  confirmed: false,
  confirmation_code: EXAMPLE.confirmationCode,
  resource_url: base,
  confirm_url: `${base}?action=confirm`,
  engrams_url: `${EXAMPLE.baseUrl}/v1/engram.php?mod_id=${EXAMPLE.modId}`,
  spawncodes_url: `${EXAMPLE.baseUrl}/spawn/?mod_id=${EXAMPLE.modId}`,
  pull_url: null,
  pull_api: null,
};

const modIds = pathIds("mod_ids", "One workshop id, or several comma-separated.", {
  one: EXAMPLE.modId,
  several: `${EXAMPLE.modId},${EXAMPLE.otherModId}`,
  confirm: EXAMPLE.modId,
});

export const modPaths: Record<string, PathItem> = {
  "/v1/mod.php": {
    get: {
      operationId: "listMods",
      summary: "List your mods",
      description: "Your registrations only, ordered by name.",
      tags: ["Mods"],
      security: SIGNED,
      responses: {
        "200": jsonOk("Your mods.", { type: "array", items: schemaRef("Mod") }, { mods: [exampleMod] }),
        ...errors("401"),
      },
    },
    post: {
      operationId: "registerMods",
      summary: "Register mods (or set a registered mod's pull_url)",
      description:
        "The mod must exist in the game's Steam Workshop (404 otherwise, 502 when Steam cannot be reached). Registering a mod again is 409 unless the item carries pull_url, which is then updated; a mod confirmed by another user is 409. An array is all or none; the Steam Workshop is asked 100 ids per call.",
      tags: ["Mods"],
      security: SIGNED,
      requestBody: {
        required: true,
        content: json(
          schemaRef("ModInputs"),
          {
            register: { mod_id: EXAMPLE.modId },
            withPullUrl: [{ mod_id: EXAMPLE.modId, pull_url: "https://mods.example.com/structures-plus/engrams.json" }],
          },
          { register: "Register one mod", withPullUrl: "Register with a pull URL (array form)" },
        ),
      },
      responses: { "200": EMPTY_OK, ...errors("401", "404", "409", "502") },
    },
    delete: {
      operationId: "deleteModsBulk",
      summary: "Remove mods (ids in a text/plain body)",
      description: "Removing a confirmed mod also removes its engrams.",
      tags: ["Mods"],
      security: SIGNED,
      requestBody: idListBody("Comma-separated workshop ids.", { list: EXAMPLE.modId }),
      responses: { "200": EMPTY_OK, ...errors("401", "403", "404") },
    },
  },
  "/v1/mod.php/{mod_ids}": {
    get: {
      operationId: "getMods",
      summary: "Get your mods by id, or confirm one",
      description:
        "One id: the mod; several: an array of those found (404 when none is). With action=confirm (one id): the service reads the workshop item's description fresh from Steam and confirms the mod when its confirmation_code is there; the reply's confirmed tells the outcome. Confirming deletes every other user's registration of the mod; losing a race to another user is 409.",
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
          { oneOf: [schemaRef("Mod"), { type: "array", items: schemaRef("Mod") }] },
          {
            one: exampleMod,
            confirmed: { ...exampleMod, confirmed: true },
          },
        ),
        ...errors("401", "404", "409", "502"),
      },
    },
    delete: {
      operationId: "deleteMods",
      summary: "Remove mods",
      description: "Removing a confirmed mod also removes its engrams.",
      tags: ["Mods"],
      security: SIGNED,
      parameters: [pathIds("mod_ids", "Comma-separated workshop ids.", { one: EXAMPLE.modId })],
      responses: { "200": EMPTY_OK, ...errors("401", "403", "404") },
    },
  },
};
