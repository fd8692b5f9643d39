/** /v1/ini-check.php: the ini doctor (lib/ini-doctor, docs/INI-DOCTOR.md). */
import type { PathItem } from "@/lib/openapi/types";
import { json, jsonOk, schemaRef } from "@/lib/openapi/helpers";
import { errors } from "@/lib/openapi/responses";
import { INI_CHECK_MAX_BYTES } from "@/lib/ini-doctor/check-request";

const request = {
  game: "ase",
  files: { "GameUserSettings.ini": "[ServerSettings]\nXPMultiplier=2\nMatingIntervalMultipler=0.5\n" },
};

export const iniCheckPaths: Record<string, PathItem> = {
  "/v1/ini-check.php": {
    post: {
      operationId: "checkIni",
      summary: "Check a server's Game.ini and GameUserSettings.ini",
      description: `Every problem of either file or both for one game: keys in the wrong file or section, launch options in an ini, misspelt keys and sections, wrong types, ranges and indices, keys set twice, secrets (named by key, never echoed), deprecated keys and the other game's keys; each finding with its file, line, what is wrong, why it matters and, where certain, the fix. With "fix": true the reply also holds both files with every certain fix applied. Unsigned; the body is at most ${INI_CHECK_MAX_BYTES} bytes (413 beyond it) and counts against the per-address limit of every /v1 request. Nothing sent is stored or logged.`,
      tags: ["Ini doctor"],
      requestBody: {
        required: true,
        content: json(schemaRef("IniCheckInput"), { typo: request }, { typo: "A misspelt key" }),
      },
      responses: {
        "200": jsonOk("The findings, errors first.", schemaRef("IniCheckReply"), {
          typo: {
            game: "ase",
            findings: [
              {
                severity: "error",
                code: "unknown-key",
                file: "GameUserSettings.ini",
                line: 3,
                key: "MatingIntervalMultipler",
                message:
                  "MatingIntervalMultipler is not a setting the game knows; did you mean MatingIntervalMultiplier?",
                why: "A misspelt key is ignored without a word from the game.",
                suggestion: "MatingIntervalMultiplier",
              },
            ],
            errors: 1,
          },
        }),
        ...errors(),
      },
    },
  },
};

const iniFiles = {
  type: "object",
  additionalProperties: false,
  properties: { "Game.ini": { type: "string" }, "GameUserSettings.ini": { type: "string" } },
};

export const iniCheckSchemas = {
  IniCheckInput: {
    type: "object",
    required: ["files"],
    additionalProperties: false,
    properties: {
      game: { type: "string", enum: ["ase", "asa"], default: "ase" },
      files: { ...iniFiles, minProperties: 1, description: "The files' text, either or both." },
      fix: { type: "boolean", default: false, description: "Also return the files with every certain fix applied." },
    },
  },
  IniCheckReply: {
    type: "object",
    required: ["game", "findings", "errors"],
    properties: {
      game: { type: "string", enum: ["ase", "asa"] },
      errors: { type: "integer", minimum: 0, description: "How many findings are errors." },
      findings: {
        type: "array",
        items: {
          type: "object",
          required: ["severity", "code", "file", "line", "message", "why"],
          properties: {
            severity: { type: "string", enum: ["error", "warning", "info"] },
            code: { type: "string", description: "docs/INI-DOCTOR.md lists the codes." },
            file: { type: "string", enum: ["Game.ini", "GameUserSettings.ini"] },
            line: { type: "integer", minimum: 1 },
            key: { type: "string" },
            message: { type: "string" },
            why: { type: "string" },
            fix: {
              type: "object",
              description:
                'The certain fix: {"kind": "move" | "rename-key" | "rename-section" | "remove-line" | "launch-option", ...}.',
            },
            suggestion: { type: "string", description: "A nearest known key, shown, not applied." },
          },
        },
      },
      fixed: {
        type: "object",
        properties: {
          files: iniFiles,
          launch_options: { type: "array", items: { type: "string" } },
          applied: { type: "integer", minimum: 0 },
        },
      },
    },
  },
};
