/**
 * Tests that need a tool from outside npm (nginx, Python's cryptography package) ask here
 * whether they may run. In CI (.ci/run exports CI=true, as hosted CI services do) a
 * missing tool is an error that fails the test file: a suite that skips what it cannot
 * run would pass without testing it. On a developer's machine the tests are skipped with
 * a warning naming what to install, and (under npm test, which sets MISSING_TOOLS_FILE)
 * noted so the run's end lists them with that command (scripts/test.ts).
 */
import { appendFileSync, existsSync } from "node:fs";
import { relative } from "node:path";

export const IN_CI = /^(1|true)$/i.test(process.env.CI ?? "");

/** The tools a test may need and the one command that installs each, by system. */
const INSTALL = {
  nginx: { debian: "apt-get install nginx", fedora: "dnf install nginx", macos: "brew install nginx" },
  cryptography: {
    debian: "apt-get install python3-cryptography",
    fedora: "dnf install python3-cryptography",
    macos: "python3 -m pip install cryptography",
  },
  chromium: {
    // Playwright's own build where it can be downloaded; else the system's (e2e/chromium.ts).
    debian: "npx playwright install chromium (or: apt-get install chromium)",
    fedora: "npx playwright install chromium (or: dnf install chromium)",
    macos: "npx playwright install chromium",
  },
} as const;

/** The command that installs `tool` on this system (sudo where we are not root). */
export function installCommand(tool: keyof typeof INSTALL): string {
  const system =
    process.platform === "darwin"
      ? "macos"
      : existsSync("/etc/fedora-release") || existsSync("/etc/redhat-release")
        ? "fedora"
        : "debian";
  const command = INSTALL[tool][system];
  const sudo = system !== "macos" && process.getuid?.() !== 0 && !command.startsWith("npx") ? "sudo " : "";
  return `${sudo}${command}`;
}

/** The test file that asked (from the call stack), relative to the working folder. */
function askingFile(): string {
  const frame = new Error().stack?.split("\n").find((l) => /\.(test|spec)\.ts\b/.test(l));
  const path = frame && /(?:file:\/\/)?(\/[^:()]+\.(?:test|spec)\.ts)/.exec(frame)?.[1];
  return path ? relative(process.cwd(), path) : "(unknown file)";
}

/** `available`, or (in CI) an error naming the tool and how to install it. */
export function requireTool(what: string, available: boolean, install: string): boolean {
  if (available) return true;
  const message = `${what} is not installed (${install}); .ci/run installs it.`;
  if (IN_CI) throw new Error(`${message} In CI every tool a test needs must be there.`);
  console.warn(`SKIPPED: ${message}`);
  const notes = process.env.MISSING_TOOLS_FILE;
  if (notes) appendFileSync(notes, `${JSON.stringify({ what, install, file: askingFile() })}\n`);
  return false;
}
