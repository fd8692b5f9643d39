/**
 * Tests that need a tool from outside npm (nginx, Python's cryptography package) ask here
 * whether they may run. In CI (.ci/run exports CI=true, as hosted CI services do) a
 * missing tool is an error that fails the test file: a suite that skips what it cannot
 * run would pass without testing it. On a developer's machine the tests are skipped with
 * a warning naming what to install.
 */
export const IN_CI = /^(1|true)$/i.test(process.env.CI ?? "");

/** `available`, or (in CI) an error naming the tool and how to install it. */
export function requireTool(what: string, available: boolean, install: string): boolean {
  if (available) return true;
  const message = `${what} is not installed (${install}); .ci/run installs it.`;
  if (IN_CI) throw new Error(`${message} In CI every tool a test needs must be there.`);
  console.warn(`SKIPPED: ${message}`);
  return false;
}
