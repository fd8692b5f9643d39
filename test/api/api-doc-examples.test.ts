// The signing examples of docs/API.md, run as written against the test server: each makes
// a fresh key, registers it, and must get 200 for a signed GET and a signed POST (they
// exit non-zero otherwise). SQLite only: signing is checked before any engine-specific
// code, both engines' signature paths are covered by users.test.ts and security.test.ts,
// and each example spawns a process and makes a key, which is not worth doing twice.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { docExample, readApiDoc } from "../support/api-doc";
import { beacon } from "../support/api";
import { installCommand, requireTool } from "../support/required-tool";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", (err) => resolve({ code: null, stdout, stderr: `${stderr}${err.message}` }));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const doc = readApiDoc();
const dir = mkdtempSync(join(tmpdir(), "beacon-api-doc-"));
// The Python example needs the cryptography package (Debian's python3-cryptography, which .ci/run installs).
const python =
  inject("engine") !== "sqlite" ||
  requireTool(
    "python3 with the cryptography package",
    (await run("python3", ["-c", "import cryptography"])).code === 0,
    installCommand("cryptography"),
  );

/** Runs one example with BASE_URL set to the server's, and checks what it did on the server. */
async function runExample(name: string, file: string, command: string, title: string): Promise<void> {
  const path = join(dir, file);
  writeFileSync(path, docExample(doc, name));
  const result = await run(command, [path], { BASE_URL: inject("serverUrl") });
  const output = `${result.stdout}\n${result.stderr}`;
  expect(result.code, output).toBe(0);
  expect(result.stdout).toMatch(/GET \/v1\/mod\.php: 200/);
  expect(result.stdout).toMatch(/POST \/v1\/document\.php: 200/);
  const userId = /^registered ([0-9a-f-]{36})$/m.exec(result.stdout)?.[1];
  expect(userId, output).toBeDefined();
  // The example's user exists, and the signed POST published a document as that user.
  const user = await beacon().users.get(userId!);
  expect(user.user_id).toBe(userId);
  const documents = await beacon().documents.list({ user_id: userId! });
  expect(documents.map((d) => d.name)).toEqual([title]);
}

describe.runIf(inject("engine") === "sqlite")("docs/API.md signing examples", () => {
  it("shell (curl and openssl, RSA-SHA256) gets 200 for a signed GET and POST", async () => {
    await runExample("shell", "example.sh", "bash", "Signed in a shell");
  });

  it("Node (node:crypto, Ed25519) gets 200 for a signed GET and POST", async () => {
    await runExample("node", "example.mjs", process.execPath, "Signed in Node");
  });

  it.runIf(python)("Python (cryptography, RSA-SHA256) gets 200 for a signed GET and POST", async () => {
    await runExample("python", "example.py", "python3", "Signed in Python");
  });
});
