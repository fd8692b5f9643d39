/** Every `beacon-hub` command of the repository's bin, in the order --help lists them. */
import type { Command } from "@/lib/cli/command";
import { authorCommands } from "./author";
import { iniCheck } from "./ini";
import { operatorCommands } from "./operator";

export const commands: Command[] = [...authorCommands, iniCheck, ...operatorCommands];
