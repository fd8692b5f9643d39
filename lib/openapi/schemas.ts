/**
 * JSON Schemas (2020-12, as OpenAPI 3.1 uses) of the v1 structures, key by key as
 * docs/API.md "Structures" lists them, in the order the server sends them.
 */
import type { JsonSchema } from "@/lib/openapi/types";
import { GAME_MAPS } from "@/lib/catalogue/game-maps";
import { ENVIRONMENTS } from "@/lib/engrams/environments";

const url = (description: string): JsonSchema => ({ type: "string", format: "uri", description });
const uuid = (description: string): JsonSchema => ({ type: "string", format: "uuid", description });
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const oneOrMany = (name: string): JsonSchema => ({
  oneOf: [ref(name), { type: "array", items: ref(name), minItems: 1 }],
});

const engram: JsonSchema = {
  type: "object",
  required: [
    "path",
    "class",
    "label",
    "environments",
    "can_blueprint",
    "spawn",
    "uid",
    "resource_url",
    "mod_id",
    "mod_name",
  ],
  properties: {
    path: { type: "string", description: "Blueprint path." },
    class: { type: "string", description: "Text after the last '.' of the path, plus _C. Not unique." },
    label: { type: "string", description: "In-game name." },
    environments: {
      type: "array",
      items: ref("Environment"),
      description: "In the order Island, Scorched, Center, Ragnarok, Abberation.",
    },
    can_blueprint: { type: "boolean" },
    spawn: { type: "string", description: "cheat giveitem \"Blueprint'<path>'\" 1 0 false" },
    uid: { type: "string", pattern: "^[0-9a-f]{32}$", description: "Lowercase hex MD5 of the lowercased path." },
    resource_url: url("BASE_URL/v1/engram.php/<uid>"),
    mod_id: { type: ["integer", "null"], description: "The owning mod, a JSON number; null for the base game." },
    mod_name: { type: ["string", "null"] },
  },
};

const engramInput: JsonSchema = {
  type: "object",
  required: ["path", "label", "mod_id"],
  description:
    "One of environments or availability is required. Other keys are ignored. An existing path of the same mod is updated.",
  properties: {
    path: {
      type: "string",
      pattern: "^/",
      maxLength: 1000,
      description: "Blueprint path: starts with /, ends in Package.Name, no spaces or quotes.",
    },
    label: { type: "string", minLength: 1, maxLength: 500 },
    mod_id: {
      oneOf: [{ type: "string", pattern: "^[0-9]+$" }, { type: "integer" }],
      description: "A mod the caller confirmed.",
    },
    environments: {
      oneOf: [{ type: "array", items: { type: "string" }, minItems: 1 }, { type: "string" }],
      description: "Names or a comma-separated string.",
    },
    availability: {
      oneOf: [{ type: "array", items: { type: "string" }, minItems: 1 }, { type: "string" }],
      description: "Alias of environments.",
    },
    can_blueprint: {
      oneOf: [{ type: "boolean" }, { enum: ["true", "false", 1, 0] }],
      description: "Default true on create; kept on update when absent.",
    },
  },
};

/** A creature (docs/CONTRACT.md#creatures) is an engram without can_blueprint, with its own spawn command and endpoint. */
function withoutCanBlueprint(
  schema: JsonSchema,
  description: string,
  overrides: Record<string, JsonSchema> = {},
): JsonSchema {
  const { can_blueprint: _, ...properties } = schema.properties as Record<string, JsonSchema>;
  return {
    ...schema,
    description,
    required: (schema.required as string[]).filter((k) => k !== "can_blueprint"),
    properties: { ...properties, ...overrides },
  };
}

const creatureOf = (schema: JsonSchema) =>
  withoutCanBlueprint(schema, "A creature (dino): an engram's keys without can_blueprint.", {
    spawn: {
      type: "string",
      description: "cheat spawndino \"Blueprint'<path>'\" 1 1 1 30 (a wild creature of level 30)",
    },
    resource_url: url("BASE_URL/v1/creature.php/<uid>"),
  });

const creatureInputOf = (schema: JsonSchema) =>
  withoutCanBlueprint(
    schema,
    "One of environments or availability is required. Other keys (can_blueprint too) are ignored. An existing path of the same mod is updated.",
  );

export const schemas: Record<string, JsonSchema> = {
  Error: {
    type: "object",
    description:
      "Every error reply (docs/CONTRACT.md#errors): a human sentence and machine-readable details (or null). Batch errors name the offending item's index.",
    required: ["message", "details"],
    properties: { message: { type: "string" }, details: { description: "any JSON value, or null" } },
  },
  User: {
    type: "object",
    required: ["user_id", "public_key"],
    properties: {
      user_id: uuid("Lowercase UUID; compared case-insensitively."),
      public_key: {
        type: "string",
        description:
          "PEM (BEGIN PUBLIC KEY) on output. On input also hex of the DER SubjectPublicKeyInfo. RSA of at least 2048 bits, or Ed25519.",
      },
    },
  },
  UserInput: oneOrMany("User"),
  Mod: {
    type: "object",
    required: [
      "mod_id",
      "name",
      "workshop_url",
      "confirmed",
      "confirmation_code",
      "resource_url",
      "confirm_url",
      "engrams_url",
      "spawncodes_url",
      "pull_url",
      "pull_api",
    ],
    properties: {
      mod_id: { type: "string", pattern: "^[0-9]+$", description: "Steam Workshop id." },
      name: { type: "string", description: "The workshop item's title." },
      workshop_url: url("https://steamcommunity.com/sharedfiles/filedetails/?id=<mod_id>"),
      confirmed: { type: "boolean", description: "true once the owner proved the mod is theirs." },
      confirmation_code: uuid("Put this in the workshop item's description, then GET confirm_url."),
      resource_url: url("BASE_URL/v1/mod.php/<mod_id>"),
      confirm_url: url("resource_url?action=confirm"),
      engrams_url: url("BASE_URL/v1/engram.php?mod_id=<mod_id>"),
      spawncodes_url: url("BASE_URL/spawn/?mod_id=<mod_id>"),
      pull_url: {
        type: ["string", "null"],
        format: "uri",
        description: "Where the service pulls this mod's engrams from (JSON or CSV), or null.",
      },
      pull_api: { type: ["string", "null"], format: "uri", description: "Alias of pull_url, always the same value." },
    },
  },
  ModInput: {
    type: "object",
    required: ["mod_id"],
    description: "Other keys are ignored. Posting a mod you registered already only updates pull_url (409 without it).",
    properties: {
      mod_id: {
        oneOf: [
          { type: "string", pattern: "^[0-9]+$" },
          { type: "integer", minimum: 1 },
        ],
        description: "Steam Workshop id.",
      },
      pull_url: { type: ["string", "null"], format: "uri", description: "Absolute http(s) URL or null." },
      pull_api: { type: ["string", "null"], format: "uri", description: "Alias of pull_url." },
    },
  },
  ModInputs: oneOrMany("ModInput"),
  Environment: {
    type: "string",
    enum: [...ENVIRONMENTS],
    description: "Canonical spelling on output; any case and Aberration accepted on input.",
  },
  Engram: engram,
  EngramInput: engramInput,
  EngramInputs: oneOrMany("EngramInput"),
  Creature: creatureOf(engram),
  GameMap: {
    type: "string",
    enum: GAME_MAPS.map((m) => m.key),
    description:
      "Every official map of ARK: Survival Evolved (Genesis: Part 1 is Genesis, Part 2 Genesis2). Extension: never in a v1 reply; environments keeps the interface's five.",
  },
  EngramWithFacts: {
    description:
      "Extension, only with ?facts on the list: an engram followed by the catalogue's facts beyond v1 (docs/CATALOGUE.md); null where the data leaves them empty.",
    allOf: [
      ref("Engram"),
      {
        type: "object",
        required: ["maps", "category", "blueprint_known"],
        properties: {
          maps: {
            type: "array",
            items: ref("GameMap"),
            description: "Every map it is known on: the v1 environments and the others. Empty when none is known.",
          },
          category: { type: ["string", "null"], description: 'The game\'s item type ("Equipment/Boots").' },
          blueprint_known: {
            type: "boolean",
            description:
              "false: the data leaves blueprintability empty and can_blueprint holds the interface's default.",
          },
        },
      },
    ],
  },
  CreatureWithFacts: {
    description: "Extension, only with ?facts on the list: a creature followed by the catalogue's facts beyond v1.",
    allOf: [
      ref("Creature"),
      {
        type: "object",
        required: ["maps", "tameable", "listed_as"],
        properties: {
          maps: { type: "array", items: ref("GameMap"), description: "Every map it is known on." },
          tameable: { type: ["boolean", "null"], description: "The game's tameable flag." },
          listed_as: {
            type: ["string", "null"],
            description: 'The heading a widely used spawn-code site lists it under ("Dinos", "Bosses").',
          },
        },
      },
    ],
  },
  CreatureInput: creatureInputOf(engramInput),
  CreatureInputs: oneOrMany("CreatureInput"),
  FeedMod: {
    type: "object",
    description: "A confirmed mod (unconfirmed registrations are private to their user and never in the feed).",
    required: ["mod_id", "name", "confirmed"],
    properties: {
      mod_id: { type: "string", pattern: "^[0-9]+$" },
      name: { type: "string" },
      confirmed: { type: "boolean", const: true },
    },
  },
  ExpiredRecord: {
    type: "object",
    description: "Something that no longer exists (deleted, or its mod or owner deleted).",
    required: ["group", "object_id", "label"],
    properties: {
      group: { type: "string", enum: ["engrams", "creatures", "mods"] },
      object_id: { type: "string", description: "The uid of an engram or creature, the workshop id of a mod." },
      label: { type: "string", description: "Its label (a mod's name) when it was last seen." },
    },
  },
  ChangesPage: {
    type: "object",
    required: ["timestamp", "cursor", "next_cursor", "is_full", "engrams", "creatures", "mods", "expired_records"],
    properties: {
      timestamp: {
        type: "string",
        pattern: "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\+0000$",
        description: "When the newest change this page's position covers was made, YYYY-MM-DD HH:MM:SS+0000 (UTC).",
      },
      cursor: {
        type: "string",
        description: "Opaque. Send it back as ?cursor= to get every change committed after this page, each once.",
      },
      next_cursor: {
        type: ["string", "null"],
        description: "The same as cursor while more is waiting now; null once caught up.",
      },
      is_full: {
        type: "boolean",
        description: "A page of a full read: start the copy from nothing; nothing is expired.",
      },
      engrams: { type: "array", items: ref("Engram"), description: "Engrams added or changed, as they are now." },
      creatures: { type: "array", items: ref("Creature"), description: "Creatures added or changed, as they are now." },
      mods: { type: "array", items: ref("FeedMod"), description: "Mods confirmed or renamed." },
      expired_records: { type: "array", items: ref("ExpiredRecord"), description: "What was deleted." },
    },
  },
  DocumentRevision: {
    type: "object",
    description: "Extension: one kept revision of a document (GET /v1/document.php/<id>?revisions).",
    required: ["revision", "created", "size", "sha256", "summary", "restored_from", "resource_url"],
    properties: {
      revision: {
        type: "integer",
        minimum: 1,
        description: "The document's revision when this content was published.",
      },
      created: {
        type: "string",
        pattern: "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\+0000$",
        description: "When it was published: YYYY-MM-DD HH:MM:SS+0000 (UTC).",
      },
      size: { type: "integer", minimum: 0, description: "Bytes of the content." },
      sha256: { type: "string", pattern: "^[0-9a-f]{64}$", description: "SHA-256 of the content, hex." },
      summary: { type: "string", description: "One line: what changed since the revision before it." },
      restored_from: {
        type: ["integer", "null"],
        description: "The revision whose content this one restored, or null.",
      },
      resource_url: url("BASE_URL/v1/document.php/<document_id>?revision=<revision>: its content."),
    },
  },
  RevisionDiff: {
    type: "object",
    description:
      "Extension: what changed between two kept revisions (GET /v1/document.php/<id>?diff). Each change's text is what the document page lists and the CLI prints.",
    required: ["document_id", "from", "to", "format", "identical", "changes", "json", "game_ini", "odds", "note"],
    properties: {
      document_id: uuid("The document."),
      from: ref("DocumentRevision"),
      to: ref("DocumentRevision"),
      format: {
        type: "string",
        enum: ["loot", "json", "bytes"],
        description: "loot: both are loot documents; json: compared key by key; bytes: only whether they differ.",
      },
      identical: { type: "boolean", description: "The two hold the same bytes." },
      changes: {
        type: "array",
        description:
          "Loot changes: sources, item sets and entries added, removed or changed; the document's title, description, difficulty and maps.",
        items: {
          type: "object",
          required: ["kind", "where", "fields", "text"],
          properties: {
            kind: {
              type: "string",
              enum: [
                "document-changed",
                "source-added",
                "source-removed",
                "source-changed",
                "set-added",
                "set-removed",
                "set-changed",
                "entry-added",
                "entry-removed",
                "entry-changed",
              ],
            },
            where: { type: "array", items: { type: "string" }, description: "Source label, set label, entry's items." },
            fields: {
              type: "array",
              description:
                "For *-changed: each value that changed, as the loot view shows it (chances with their weights).",
              items: {
                type: "object",
                required: ["field", "from", "to"],
                properties: { field: { type: "string" }, from: { type: "string" }, to: { type: "string" } },
              },
            },
            text: { type: "string", description: "The change in one line." },
          },
        },
      },
      json: {
        type: "array",
        description: "Keys outside the loot model (or of any JSON content), key by key.",
        items: {
          type: "object",
          required: ["path", "kind", "text"],
          properties: {
            path: { type: "string" },
            kind: { type: "string", enum: ["added", "removed", "changed"] },
            from: { type: "string", description: "The value before, as JSON (shortened)." },
            to: { type: "string", description: "The value after, as JSON (shortened)." },
            text: { type: "string" },
          },
        },
      },
      game_ini: {
        type: "array",
        description: "Game.ini lines that differ, one ConfigOverrideSupplyCrateItems line per loot source.",
        items: {
          type: "object",
          required: ["crate", "kind"],
          properties: {
            crate: { type: "string" },
            kind: { type: "string", enum: ["added", "removed", "changed"] },
            from: { type: "string" },
            to: { type: "string" },
          },
        },
      },
      odds: {
        type: "array",
        description:
          "Items whose chance per crate (of at least one) moved by 0.05 percentage points or more, for each loot source both revisions have whose roll changed (at most 10 sources a diff; the note says when more changed), largest move first.",
        items: {
          type: "object",
          required: ["source", "item", "from", "to", "text"],
          properties: {
            source: { type: "string", description: "The source's label, or its crate class." },
            item: { type: "string", description: "The item as the document page names it." },
            from: { type: "number", minimum: 0, maximum: 1 },
            to: { type: "number", minimum: 0, maximum: 1 },
            text: { type: "string" },
          },
        },
      },
      note: { type: ["string", "null"], description: "Why the diff is less detailed (too large, not JSON)." },
    },
  },
  RestoredRevision: {
    type: "object",
    description: "Extension: the reply to POST /v1/document.php/<id>?restore=<revision>.",
    required: ["document_id", "revision", "restored_from"],
    properties: {
      document_id: uuid("The document."),
      revision: { type: "integer", minimum: 1, description: "Its new revision, holding the restored content." },
      restored_from: { type: "integer", minimum: 1, description: "The revision restored." },
    },
  },
  DocumentMetadata: {
    type: "object",
    required: [
      "document_id",
      "user_id",
      "name",
      "description",
      "revision",
      "download_count",
      "last_updated",
      "resource_url",
    ],
    properties: {
      document_id: uuid("The content's Identifier."),
      user_id: uuid("The publisher."),
      name: { type: "string", description: "The content's Title." },
      description: { type: "string", description: 'The content\'s Description, or "".' },
      revision: { type: "integer", minimum: 1, description: "1, then +1 per update." },
      download_count: { type: "integer", minimum: 0 },
      last_updated: {
        type: "string",
        pattern: "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\+0000$",
        description: "YYYY-MM-DD HH:MM:SS+0000 (UTC).",
      },
      resource_url: url("BASE_URL/v1/document.php/<document_id>: the content."),
      unique_downloads: {
        type: "integer",
        minimum: 0,
        description:
          "Extension, only with ?stats: downloads by distinct client networks (an IPv4 /24, an IPv6 /56), one per network per document per 10 minutes, since the server counted them. download_count still counts every download.",
      },
      unique_downloads_7d: {
        type: "integer",
        minimum: 0,
        description:
          "Extension, only with ?stats: unique downloads in the last 7 days (to the hour); sort=trending orders by it.",
      },
    },
  },
  DocumentContent: {
    type: "object",
    required: ["Identifier", "Title"],
    description:
      "The content is stored and served back byte for byte; its format is not part of the interface. Only these keys are read.",
    properties: {
      Identifier: uuid("Becomes document_id; never changes."),
      Title: { type: "string", minLength: 1, description: "Becomes name." },
      Description: { type: "string", description: 'Becomes description (default "").' },
      HubGame: {
        type: "string",
        enum: ["ASE", "ASA"],
        description:
          "Extension (docs/SERVER-CONFIG.md): the game the document's settings are for; ASE when absent. A 2017 client ignores it; the service stores the bytes as sent.",
      },
      HubConfigSettings: {
        type: "array",
        description:
          "Extension (docs/SERVER-CONFIG.md): server settings, ini-native, one element per ini line; repeatable keys once per line, in order; unknown keys kept. The portal never writes a secret (a password) here and does not read one written by hand.",
        items: {
          type: "object",
          required: ["File", "Section", "Key", "Value"],
          properties: {
            File: { type: "string", enum: ["Game.ini", "GameUserSettings.ini"] },
            Section: { type: "string", description: "As in the file, e.g. /script/shootergame.shootergamemode." },
            Key: { type: "string", description: "As in the file, with its [i] for an indexed key." },
            Value: { type: "string", description: "Exactly as written after the =, struct values too." },
          },
        },
      },
    },
    additionalProperties: true,
  },
  DocumentContents: oneOrMany("DocumentContent"),
  IdList: {
    type: "string",
    description: "Comma-separated ids (bulk DELETE body, text/plain).",
    examples: ["731604991,812655342"],
  },
};
