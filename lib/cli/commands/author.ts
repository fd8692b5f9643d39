/**
 * The mod-author commands: everything that works through a server's v1 API. The
 * standalone package (cli/, lib/cli/standalone.ts) ships only these.
 */
import type { Command } from "@/lib/cli/command";
import { docsCommands } from "./docs";
import { creaturesCommands, engramsCommands } from "./engrams";
import { syncCommands } from "./sync";
import { identityCommands } from "./identity";
import { keysCommands } from "./keys";
import { modsCommands } from "./mods";
import { userCommands } from "./user";
import { webhooksCommands } from "./webhooks";

export const authorCommands: Command[] = [
  ...identityCommands,
  ...keysCommands,
  ...userCommands,
  ...modsCommands,
  ...engramsCommands,
  ...syncCommands,
  ...creaturesCommands,
  ...docsCommands,
  ...webhooksCommands,
];
