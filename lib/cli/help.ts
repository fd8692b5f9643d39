/** The --help texts: the whole tool, a group of commands (`mods`), one command. */
import type { Command, Options, Program } from "@/lib/cli/command";

export const GLOBAL_OPTIONS: Options = {
  server: { type: "string" },
  "base-url": { type: "string" },
  identity: { type: "string" },
  help: { type: "boolean", short: "h" },
};

const GLOBALS_TEXT = `Global options (before or after the command):
  --server URL      the Beacon Hub server ($BEACON_SERVER, default http://localhost:3000)
  --base-url URL    the server's canonical BASE_URL when it differs from --server, e.g.
                    behind a proxy: signatures cover it ($BEACON_BASE_URL)
  --identity FILE   identity file ($BEACON_IDENTITY, default ~/.config/beacon-hub/identity.json)
  -h, --help        this help; "beacon-hub <command> --help" for one command`;

const EXIT_TEXT = "Exit codes: 0 ok, 1 failure or API error (the server's message on stderr), 2 bad usage.";

const isOperator = (c: Command) => c.summary.startsWith("operator:");

function list(cmds: Command[]): string {
  const names = cmds.map((c) => c.path.join(" "));
  const width = Math.max(...names.map((n) => n.length));
  return cmds.map((c, i) => `  ${names[i]!.padEnd(width)}  ${c.summary.replace(/^operator: /, "")}`).join("\n");
}

/** The operator section: the commands themselves, or (standalone package) where they are. */
function operatorText({ commands, elsewhere = [] }: Program): string {
  const operators = commands.filter(isOperator);
  if (operators.length > 0)
    return `Operator commands (on this machine's database, configured like the server):\n${list(operators)}`;
  if (elsewhere.length === 0) return "";
  return `Operator commands (${elsewhere.join(", ")}) are not in this package: they come
with the server and run in its folder ("npx beacon-hub <command>", npm start, npm run ...).`;
}

export function globalHelp(program: Program): string {
  const operators = operatorText(program);
  return `usage: beacon-hub [global options] <command> [options]

Command-line client of Beacon Hub (the Beacon v1 API for ARK: Survival Evolved mods,
engrams and documents) for mod authors, and tools for its operators.

Commands:
${list(program.commands.filter((c) => !isOperator(c)))}
${operators ? `\n${operators}\n` : ""}
A mod author's first release:
  beacon-hub identity new && beacon-hub user register
  beacon-hub mods add 123456789          # prints a code for the workshop description
  beacon-hub mods confirm 123456789
  beacon-hub engrams push engrams.csv --mod 123456789

${GLOBALS_TEXT}

${EXIT_TEXT}`;
}

export function groupHelp(commands: Command[], group: string): string {
  return `usage: beacon-hub ${group} <command> [options]

Commands:
${list(commands.filter((c) => c.path[0] === group))}

Run "beacon-hub ${group} <command> --help" for the options of one.`;
}

export function commandHelp(command: Command): string {
  const name = `beacon-hub ${command.path.join(" ")}`;
  const summary = command.summary.replace(/^operator: /, "");
  return (
    `usage: ${name} ${command.usage}`.trimEnd() +
    `

${summary[0]!.toUpperCase()}${summary.slice(1)}.

${command.help}

Global options: --server URL, --base-url URL, --identity FILE (see beacon-hub --help).
${EXIT_TEXT}`
  );
}
