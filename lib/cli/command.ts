/**
 * What every `beacon-hub` command is: a name, its help, its options (node:util
 * parseArgs), and a run function that gets parsed arguments and returns an exit code.
 * Commands stay thin: parse, call the client or lib/, print.
 */
import type { ParseArgsConfig } from "node:util";
import type { BeaconApi } from "@/lib/client/beacon-api";
import type { Identity } from "@/lib/client/identity";
import { parseGame, V1_GAME, type Game } from "@/lib/catalogue/game";

export type Options = NonNullable<ParseArgsConfig["options"]>;

/** Exit codes: 0 ok, 1 failure or API error, 2 usage. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** Bad usage: printed with the command's usage line, exit 2. */
export class UsageError extends Error {}
/** An expected failure: one line on stderr, exit 1. */
export class CliError extends Error {}

export interface Globals {
  server: string;
  baseUrl?: string;
  identityPath: string;
}

export interface Context {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
  globals: Globals;
  /** the client, signing with the identity file */
  api(): BeaconApi;
  /** the client sending the API token of $BEACON_TOKEN (Bearer) instead of signing */
  tokenApi(): BeaconApi;
  /** the client without an identity (public reads, user registration) */
  anonymousApi(): BeaconApi;
  identity(): Identity;
  out(line: string): void;
  /** bytes to stdout, unchanged */
  raw(bytes: Uint8Array): void;
  err(line: string): void;
  json(value: unknown): void;
}

export interface Command {
  /** words after `beacon-hub`, e.g. ["mods", "add"] */
  path: string[];
  summary: string;
  /** e.g. "<mod_id> [--pull-url URL] [--json]" */
  usage: string;
  /** paragraphs shown by --help after the usage line */
  help: string;
  options?: Options;
  /** how many positionals: [min, max] */
  positionals?: [number, number];
  run(ctx: Context): Promise<number>;
}

export const jsonOption: Options = { json: { type: "boolean", short: "j" } };

export function stringValue(ctx: Context, name: string): string | undefined {
  const v = ctx.values[name];
  return typeof v === "string" ? v : undefined;
}

/** `--game ase|asa` (docs/API.md#games): ASE when absent (the v1 interface's game); anything else is a usage error. */
export const gameOption: Options = { game: { type: "string" } };

export function gameValue(ctx: Context): Game {
  const given = stringValue(ctx, "game");
  if (given === undefined) return V1_GAME;
  const game = parseGame(given);
  if (game === null) throw new UsageError('--game is "ase" or "asa"');
  return game;
}

/** A command-line program: its command table (the repository's CLI or the standalone package). */
export interface Program {
  commands: Command[];
  /**
   * Operator commands this program lacks (e.g. "engrams import"): the help names them
   * and asking for one says where it runs instead of "unknown command".
   */
  elsewhere?: string[];
}
