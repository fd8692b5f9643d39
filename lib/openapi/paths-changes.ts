/** /v1/changes.php (docs/CONTRACT.md#changes): the changes feed of engrams, creatures and confirmed mods. Public. */
import type { PathItem } from "@/lib/openapi/types";
import { EXAMPLE, EXAMPLE_UID, exampleClass, examplePath } from "@/lib/openapi/examples";
import { jsonOk, query, schemaRef } from "@/lib/openapi/helpers";
import { errors } from "@/lib/openapi/responses";
import { exampleCreature } from "@/lib/openapi/paths-creatures";

const path = examplePath();
const page = {
  timestamp: "2026-11-21 08:05:12+0000",
  cursor: EXAMPLE.changesCursor,
  next_cursor: null,
  is_full: false,
  engrams: [
    {
      path,
      class: exampleClass(),
      label: "Wall (S+)",
      environments: ["Island", "Scorched"],
      can_blueprint: true,
      spawn: `cheat giveitem "Blueprint'${path}'" 1 0 false`,
      uid: EXAMPLE_UID,
      resource_url: `${EXAMPLE.baseUrl}/v1/engram.php/${EXAMPLE_UID}`,
      mod_id: Number(EXAMPLE.modId),
      mod_name: EXAMPLE.modName,
    },
  ],
  creatures: [exampleCreature],
  mods: [{ mod_id: EXAMPLE.modId, name: EXAMPLE.modName, confirmed: true }],
  expired_records: [{ group: "engrams", object_id: "5f0d4e1e0a3c4b7f9e2d8c6b1a0f3e2d", label: "Old Wall (S+)" }],
};

export const changesPaths: Record<string, PathItem> = {
  "/v1/changes.php": {
    get: {
      operationId: "readChanges",
      summary: "What changed in the catalogue (engrams, creatures, mods), deletions included",
      description:
        "No signature needed. Without cursor and changes_since: a full read (is_full: true), the whole catalogue over as many pages as needed. With cursor (the cursor of the last page read): every change committed after it, each once, as the changed object's current structure or, when it is gone, an expired record; nothing is ever missed, with any number of writers and server instances. Read on with next_cursor while it is not null. changes_since (a time) is the original service's form: it cannot be exact, follow the cursor it hands back. A cursor older than CHANGES_RETENTION_DAYS is 410: start again with a full read; a changes_since older than that is answered as a full read (is_full: true), as the original service does.",
      tags: ["Changes"],
      parameters: [
        query(
          "cursor",
          "Where the last page ended (its cursor or next_cursor); opaque.",
          { type: "string" },
          { continue: EXAMPLE.changesCursor },
        ),
        query(
          "changes_since",
          "A time: YYYY-MM-DD HH:MM:SS+ZZZZ or ISO 8601 (no offset: UTC). Not with cursor.",
          { type: "string" },
          { since: EXAMPLE.changesSince },
        ),
        query(
          "limit",
          "Records per page: changes, or catalogue entries in a full read.",
          { type: "integer", minimum: 1, maximum: 10000, default: 5000 },
          { fullRead: "1000" },
        ),
      ],
      responses: { "200": jsonOk("A page of the feed.", schemaRef("ChangesPage"), { page }), ...errors("410") },
    },
  },
};
