/**
 * `beacon-hub` over a command table: finds the command named by the leading words, parses
 * its options with node:util parseArgs, runs it, and turns failures into one line on
 * stderr and an exit code (0 ok, 1 failure or API error, 2 usage). The table is a
 * parameter so the standalone package can run without the operator commands (and their
 * database drivers): main.ts has every command, standalone.ts the mod-author ones.
 */
import { parseArgs } from "node:util";
import { BeaconApiError, beaconApi } from "@/lib/client/beacon-api";
import { defaultIdentityPath, IdentityFileError, readIdentityFile } from "@/lib/client/identity-file";
import type { Identity } from "@/lib/client/identity";
import {
  CliError,
  EXIT_FAILURE,
  EXIT_OK,
  EXIT_USAGE,
  UsageError,
  type Command,
  type Context,
  type Globals,
  type Options,
  type Program,
} from "@/lib/cli/command";
import { globalHelp, groupHelp, commandHelp, GLOBAL_OPTIONS } from "@/lib/cli/help";

export interface Io {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: Record<string, string | undefined>;
}

const GLOBAL_WITH_VALUE = new Set(
  Object.entries(GLOBAL_OPTIONS)
    .filter(([, o]) => o.type === "string")
    .map(([k]) => `--${k}`),
);

/** Global options may come before the command words: take them off the front. */
function splitFront(argv: string[]): { front: string[]; rest: string[] } {
  const front: string[] = [];
  let i = 0;
  while (i < argv.length && argv[i]!.startsWith("-")) {
    const arg = argv[i]!;
    front.push(arg);
    if (GLOBAL_WITH_VALUE.has(arg) && i + 1 < argv.length) front.push(argv[++i]!);
    i++;
  }
  return { front, rest: argv.slice(i) };
}

function elsewhereError(name: string): UsageError {
  return new UsageError(
    `"${name}" is an operator command: run it where the server is installed ("npx beacon-hub ${name}" in its folder)`,
  );
}

function findCommand(
  { commands, elsewhere = [] }: Program,
  words: string[],
): { command?: Command; group?: string; consumed: number } {
  const [first, second] = words;
  if (first === undefined) return { consumed: 0 };
  const away = elsewhere.find((e) => e === first || e === `${first} ${second}`);
  if (away) throw elsewhereError(away);
  const inGroup = commands.filter((c) => c.path[0] === first);
  if (inGroup.length === 0) throw new UsageError(`unknown command "${first}"`);
  const exact = inGroup.find((c) => c.path.length === 1);
  if (exact) return { command: exact, consumed: 1 };
  if (second === undefined || second.startsWith("-")) return { group: first, consumed: 1 };
  const sub = inGroup.find((c) => c.path[1] === second);
  if (!sub) throw new UsageError(`unknown command "${first} ${second}"; see beacon-hub ${first} --help`);
  return { command: sub, consumed: 2 };
}

function parse(command: Command | undefined, args: string[]) {
  const options: Options = { ...GLOBAL_OPTIONS, ...command?.options };
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message.split("\n")[0]!);
  }
}

function createContext(command: Command, parsed: ReturnType<typeof parse>, io: Io): Context {
  const v = parsed.values;
  const str = (name: string) => (typeof v[name] === "string" ? (v[name] as string) : undefined);
  const globals: Globals = {
    server: (str("server") ?? io.env.BEACON_SERVER ?? "http://localhost:3000").replace(/\/+$/, ""),
    baseUrl: str("base-url") ?? io.env.BEACON_BASE_URL,
    identityPath: str("identity") ?? defaultIdentityPath(io.env),
  };
  if (!/^https?:\/\/[^/]+/i.test(globals.server))
    throw new UsageError(`--server must be an http(s) URL, not "${globals.server}"`);
  let identity: Identity | undefined;
  const loadIdentity = () => (identity ??= readIdentityFile(globals.identityPath));
  return {
    values: v,
    positionals: parsed.positionals,
    globals,
    identity: loadIdentity,
    api: () => beaconApi({ serverUrl: globals.server, baseUrl: globals.baseUrl, identity: loadIdentity() }),
    anonymousApi: () => beaconApi({ serverUrl: globals.server, baseUrl: globals.baseUrl }),
    tokenApi: () => {
      // From the environment only: a token on the command line would land in shell history and ps.
      const token = io.env.BEACON_TOKEN?.trim();
      if (!token) throw new CliError("--token reads the API token from $BEACON_TOKEN, which is not set");
      if (!token.startsWith("bh_")) throw new CliError("$BEACON_TOKEN is not a Beacon Hub API token (bh_...)");
      return beaconApi({ serverUrl: globals.server, baseUrl: globals.baseUrl, bearerToken: token });
    },
    out: (line) => void io.stdout.write(`${line}\n`),
    raw: (bytes) => void io.stdout.write(bytes),
    err: (line) => void io.stderr.write(`${line}\n`),
    json: (value) => void io.stdout.write(`${JSON.stringify(value, null, 2)}\n`),
  };
}

/**
 * A 401 for a signature carries the method and URL lines the server verified against
 * (its BASE_URL and the target). When that URL does not start with the base this client
 * signed (--base-url, else --server), the addresses differ, which a signature cannot
 * survive: say which two, and how to make them agree.
 */
export function addressMismatch(err: BeaconApiError, signedBase: string): string | undefined {
  const url = (err.details as { url?: unknown } | null)?.url;
  if (err.status !== 401 || typeof url !== "string") return undefined;
  const base = signedBase.replace(/\/+$/, "");
  if (url.startsWith(`${base}/`)) return undefined;
  const target = err.request.slice(err.request.indexOf(" ") + 1);
  const serverBase = target && url.endsWith(target) ? url.slice(0, url.length - target.length) : url;
  return (
    `The server checks signatures against its own address, ${serverBase} (its BASE_URL), but this request was ` +
    `signed for ${base}. Pass --base-url ${serverBase} (or set $BEACON_BASE_URL), or have the operator set ` +
    `BASE_URL to the address clients use.`
  );
}

function describeFailure(err: unknown, server: string, baseUrl?: string): string {
  if (err instanceof BeaconApiError) {
    const mismatch = addressMismatch(err, baseUrl ?? server);
    return `${err.message} (HTTP ${err.status})${mismatch ? `\n${mismatch}` : ""}`;
  }
  const code = (err as NodeJS.ErrnoException).code;
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "ECONNRESET" || code === "EHOSTUNREACH") {
    return `cannot reach ${server} (${code}); is the server running? (--server, $BEACON_SERVER)`;
  }
  return (err as Error).message ?? String(err);
}

export async function runProgram(program: Program, argv: string[], io: Io): Promise<number> {
  const { front, rest } = splitFront(argv);
  let command: Command | undefined;
  let group: string | undefined;
  let server = io.env.BEACON_SERVER ?? "http://localhost:3000";
  let baseUrl: string | undefined;
  try {
    const found = findCommand(program, rest);
    command = found.command;
    group = found.group;
    const parsed = parse(command, [...front, ...rest.slice(found.consumed)]);
    const help = parsed.values.help === true;
    if (!command) {
      const text = found.group ? groupHelp(program.commands, found.group) : globalHelp(program);
      if (!help) throw new UsageError(found.group ? `name a ${found.group} command` : "name a command");
      io.stdout.write(`${text}\n`);
      return EXIT_OK;
    }
    if (help) {
      io.stdout.write(`${commandHelp(command)}\n`);
      return EXIT_OK;
    }
    const [min, max] = command.positionals ?? [0, 0];
    const n = parsed.positionals.length;
    if (n < min) throw new UsageError(`missing argument${min - n > 1 ? "s" : ""}`);
    if (n > max) {
      const extra = parsed.positionals[max]!;
      // Never echo what looks like an API token: stderr ends up in CI logs.
      if (extra.startsWith("bh_"))
        throw new UsageError(
          "unexpected argument: an API token is read from $BEACON_TOKEN, never from the command line",
        );
      throw new UsageError(`unexpected argument "${extra}"`);
    }
    const ctx = createContext(command, parsed, io);
    server = ctx.globals.server;
    baseUrl = ctx.globals.baseUrl;
    return await command.run(ctx);
  } catch (err) {
    const name = command ? `beacon-hub ${command.path.join(" ")}` : group ? `beacon-hub ${group}` : "beacon-hub";
    if (err instanceof UsageError) {
      const usage = command ? `usage: ${name} ${command.usage}`.trimEnd() : `usage: ${name} <command> [options]`;
      io.stderr.write(`${name}: ${err.message}\n${usage}\nrun "${name} --help" for help\n`);
      return EXIT_USAGE;
    }
    if (err instanceof CliError || err instanceof IdentityFileError) {
      io.stderr.write(`${name}: ${err.message}\n`);
      return EXIT_FAILURE;
    }
    io.stderr.write(`${name}: ${describeFailure(err, server, baseUrl)}\n`);
    return EXIT_FAILURE;
  }
}
