/**
 * Entry of the standalone `beacon-hub-cli` package (cli/, scripts/build-cli.ts bundles
 * this file and what it imports into one file): the mod-author commands only. The
 * operator commands need Prisma, the database drivers and the server's scripts, so they
 * stay with the server; the help and the "unknown command" error say so.
 */
import { authorCommands } from "@/lib/cli/commands/author";
import { runProgram } from "@/lib/cli/program";

/** The operator commands' names (test/unit/cli-package.test.ts keeps this in step with operator.ts). */
export const OPERATOR_COMMANDS = [
  "serve",
  "migrate",
  "pull",
  "engrams import",
  "db copy",
  "db backup",
  "db restore",
  "grant",
  "revoke",
  "roles",
  "audit",
];

export function standalone(argv: string[], io: Parameters<typeof runProgram>[2]): Promise<number> {
  return runProgram({ commands: authorCommands, elsewhere: OPERATOR_COMMANDS }, argv, io);
}
