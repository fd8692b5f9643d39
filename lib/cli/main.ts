/**
 * `beacon-hub` as the repository's bin/beacon-hub.js runs it: every command, the
 * operator ones (serve, migrate, pull, engrams import) included.
 */
import { commands } from "@/lib/cli/commands";
import { runProgram, type Io } from "@/lib/cli/program";

export type { Io } from "@/lib/cli/program";

export function main(argv: string[], io: Io): Promise<number> {
  return runProgram({ commands }, argv, io);
}
