/**
 * Command-line arguments of the operator scripts (bench, soak): `--help` prints the
 * script's header comment as its usage and exits; `--name value` options are read by name.
 */
import { readFileSync } from "node:fs";

export function scriptArgs(scriptUrl: string) {
  const args = process.argv.slice(2);
  if (args.includes("--help")) {
    const header = readFileSync(new URL(scriptUrl), "utf8").split("*/")[0]!;
    console.log(header.replace(/^\/\*\*\n/, "").replace(/^ \* ?/gm, ""));
    process.exit(0);
  }
  const value = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i < 0 ? undefined : args[i + 1];
  };
  return {
    has: (name: string) => args.includes(`--${name}`),
    number: (name: string, fallback: number) => {
      const v = value(name);
      return v === undefined ? fallback : Number(v);
    },
    text: value,
  };
}

/**
 * The one file a script takes (db:backup, db:restore): the file, or the exit status after
 * printing `usage` (0 for --help, 2 for anything else than exactly one file).
 */
export function oneFileArgument(usage: string, args = process.argv.slice(2)): string | 0 | 2 {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(usage);
    return 0;
  }
  if (args.length !== 1 || args[0]!.startsWith("-")) {
    console.error(usage);
    return 2;
  }
  return args[0]!;
}
