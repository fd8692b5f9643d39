/**
 * The operator's moderation commands (`npm run moderation -- ...`, scripts/moderation.ts,
 * and the CLI's grant/revoke/roles/audit, which run that script): roles are granted here,
 * on the server, never through the web; the audit trail is exported here as JSON lines.
 * Kept apart from the script so tests run them in-process.
 */
import { createWriteStream, existsSync } from "node:fs";
import { parseArgs } from "node:util";
import type { Db } from "@/lib/db/client";
import { allAuditEntries } from "./audit";
import { grantRole, isRole, listRoles, revokeRole, ROLES } from "./roles";
import { isUuid } from "@/lib/uuid";

export interface ConsoleEnv {
  db: Db;
  /** runs before a command touches the database (the script migrates it) */
  prepare(): Promise<void>;
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

const HELP: Record<string, string> = {
  grant: `usage: npm run moderation -- grant <user_id> ${ROLES.join("|")} [--reason TEXT]

Gives the user the role (replacing the one they hold): "moderator" opens the moderation
console in their dashboard (reports, hide, remove, suspend, restore); "operator" also
shows the audit trail. Written to the audit trail as done from the server console.
Exit status: 0 granted (or held already), 1 no such user, 2 usage.`,
  revoke: `usage: npm run moderation -- revoke <user_id> [--reason TEXT]

Takes the user's moderation role away (audited). Their past actions stay in the audit
trail. Exit status: 0 revoked (or none held), 1 no such user, 2 usage.`,
  roles: `usage: npm run moderation -- roles [--json]

Lists every user holding a role: user id, role, when it was granted.`,
  audit: `usage: npm run moderation -- audit [--out FILE]

Writes the whole audit trail, oldest first, as JSON lines (one object per line: id, at,
actor_kind, actor_id, action, target_kind, target_id, target_label, reason) to standard
output or to FILE (which must not exist). Progress goes to standard error. Entries are
never changed or deleted, so two exports agree on every line they share.`,
};

const USAGE = `usage: npm run moderation -- <command> [options]

Commands (each takes --help):
  grant <user_id> ${ROLES.join("|")}   give a moderation role
  revoke <user_id>                 take it away
  roles                            list who holds a role
  audit [--out FILE]               export the audit trail as JSON lines

They act on the database named by DATABASE_URL (default file:./data/beacon.db),
migrating it first if needed. The same commands: beacon-hub grant|revoke|roles|audit.`;

/** Bad usage: the message and the command's usage go to standard error, exit 2. */
class Usage extends Error {}

function usage(message: string, command?: string): never {
  throw new Usage(`${message}\n\n${command ? HELP[command] : USAGE}`);
}

function userIdArgument(command: string, value: string | undefined): string {
  if (!value || !isUuid(value)) usage(`${command}: give the user id (a UUID)`, command);
  return value.toLowerCase();
}

const line = (stream: NodeJS.WritableStream, text: string) => void stream.write(`${text}\n`);

type Run = (args: string[], env: ConsoleEnv) => Promise<number>;

const reasonOption = { reason: { type: "string" } } as const;

const grant: Run = async (args, env) => {
  const { values, positionals } = parseArgs({ args, options: reasonOption, allowPositionals: true });
  if (positionals.length !== 2) usage("grant: give a user id and a role", "grant");
  const userId = userIdArgument("grant", positionals[0]);
  const role = positionals[1];
  if (!isRole(role)) usage(`grant: the role must be ${ROLES.join(" or ")}`, "grant");
  await env.prepare();
  const change = await grantRole(env.db, { userId, role, actor: { kind: "console" }, reason: values.reason });
  line(
    env.out,
    change.previous === role
      ? `${userId} holds the ${role} role already; nothing changed`
      : `${userId} now holds the ${role} role${change.previous ? ` (was ${change.previous})` : ""}`,
  );
  return 0;
};

const revoke: Run = async (args, env) => {
  const { values, positionals } = parseArgs({ args, options: reasonOption, allowPositionals: true });
  if (positionals.length !== 1) usage("revoke: give one user id", "revoke");
  const userId = userIdArgument("revoke", positionals[0]);
  await env.prepare();
  const change = await revokeRole(env.db, { userId, actor: { kind: "console" }, reason: values.reason });
  line(
    env.out,
    change.previous
      ? `${userId} no longer holds the ${change.previous} role`
      : `${userId} holds no role; nothing changed`,
  );
  return 0;
};

const roles: Run = async (args, env) => {
  const { values, positionals } = parseArgs({ args, options: { json: { type: "boolean", short: "j" } } });
  if (positionals.length > 0) usage("roles takes no arguments", "roles");
  await env.prepare();
  const rows = await listRoles(env.db);
  if (values.json) {
    const json = rows.map((r) => ({ user_id: r.userId, role: r.role, granted_at: r.grantedAt.toISOString() }));
    line(env.out, JSON.stringify(json));
  } else if (rows.length === 0) line(env.out, "nobody holds a moderation role");
  else for (const r of rows) line(env.out, `${r.userId}  ${r.role.padEnd(9)}  since ${r.grantedAt.toISOString()}`);
  return 0;
};

function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => stream.write(text, (err) => (err ? reject(err) : resolve())));
}

const audit: Run = async (args, env) => {
  const { values, positionals } = parseArgs({ args, options: { out: { type: "string" } } });
  if (positionals.length > 0) usage("audit takes no arguments", "audit");
  if (values.out !== undefined && existsSync(values.out)) {
    line(env.err, `audit: ${values.out} exists already; choose a new file`);
    return 1;
  }
  await env.prepare();
  const file = values.out === undefined ? null : createWriteStream(values.out, { flags: "wx" });
  const out = file ?? env.out;
  let count = 0;
  for await (const page of allAuditEntries(env.db)) {
    await write(out, page.map((entry) => `${JSON.stringify(entry)}\n`).join(""));
    count += page.length;
    if (count % 10_000 < page.length) line(env.err, `audit: ${count} entries written`);
  }
  if (file)
    await new Promise<void>((resolve, reject) => file.end((err?: Error | null) => (err ? reject(err) : resolve())));
  line(
    env.err,
    `audit: ${count} ${count === 1 ? "entry" : "entries"} exported${values.out ? ` to ${values.out}` : ""}`,
  );
  return 0;
};

const COMMANDS: Record<string, Run> = { grant, revoke, roles, audit };

/**
 * Runs `argv` (the words after `npm run moderation --`); the exit status: 0 done, 1 failed
 * (an ApiError's message, e.g. no such user, is thrown for the caller to print), 2 usage.
 */
export async function runModerationCommand(argv: string[], env: ConsoleEnv): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    line(command === undefined ? env.err : env.out, USAGE);
    return command === undefined ? 2 : 0;
  }
  const run = COMMANDS[command];
  try {
    if (!run) usage(`unknown command: ${command}`);
    if (rest.includes("--help") || rest.includes("-h")) {
      line(env.out, HELP[command]!);
      return 0;
    }
    return await run(rest, env);
  } catch (err) {
    const parseError = (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    if (!(err instanceof Usage) && !parseError) throw err;
    line(env.err, parseError ? `${(err as Error).message}\n\n${HELP[command] ?? USAGE}` : (err as Error).message);
    return 2;
  }
}
