/** Every `beacon-hub` command, in the order --help lists them. */
import type { Command } from "@/lib/cli/command";
import { docsCommands } from "./docs";
import { engramsCommands } from "./engrams";
import { identityCommands } from "./identity";
import { modsCommands } from "./mods";
import { operatorCommands } from "./operator";
import { userCommands } from "./user";

export const commands: Command[] = [...identityCommands, ...userCommands, ...modsCommands, ...engramsCommands, ...docsCommands, ...operatorCommands];
