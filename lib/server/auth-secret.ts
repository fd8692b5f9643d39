/**
 * The web portal's session secret (`AUTH_SECRET`, docs/CONTRACT.md#configuration). When unset, one is made
 * on first start and kept in the data directory, so sessions survive restarts. Several
 * instances must share one: set AUTH_SECRET explicitly for them.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export function ensureAuthSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): "env" | "file" | "created" {
  if (env.AUTH_SECRET) return "env";
  const file = join(dataDir, "auth-secret");
  if (existsSync(file)) {
    env.AUTH_SECRET = readFileSync(file, "utf8").trim();
    return "file";
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  // wx: never overwrite a secret another instance wrote a moment ago.
  try {
    writeFileSync(file, secret + "\n", { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    env.AUTH_SECRET = readFileSync(file, "utf8").trim();
    return "file";
  }
  env.AUTH_SECRET = secret;
  return "created";
}
