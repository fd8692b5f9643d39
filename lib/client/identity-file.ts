/**
 * The CLI's identity file: JSON with the user id, the private key (PEM) and the signature
 * scheme. It holds a secret, so it is written with mode 0600 in a 0700 directory and
 * never overwritten silently.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { identityFromPem, type Identity, type SignatureScheme } from "@/lib/client/identity";
import { isUuid } from "@/lib/uuid";

export interface IdentityFileJson {
  user_id: string;
  private_key: string;
  scheme: SignatureScheme;
}

export const SCHEMES: readonly SignatureScheme[] = ["rsa-sha256", "rsa-sha1", "ed25519"];

export class IdentityFileError extends Error {}

export function defaultIdentityPath(env: Record<string, string | undefined> = process.env): string {
  return env.BEACON_IDENTITY || join(homedir(), ".config", "beacon-hub", "identity.json");
}

export function writeIdentityFile(path: string, identity: Identity, options: { force?: boolean } = {}): void {
  if (existsSync(path) && !options.force)
    throw new IdentityFileError(`${path} exists already; pass --force to replace it`);
  const json: IdentityFileJson = {
    user_id: identity.userId,
    private_key: identity.privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    scheme: identity.scheme,
  };
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600); // an existing file keeps its old mode on overwrite
}

export function readIdentityFile(path: string): Identity {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new IdentityFileError(`no identity at ${path}; create one with "beacon-hub identity new"`);
  }
  let json: Partial<IdentityFileJson>;
  try {
    json = JSON.parse(text) as Partial<IdentityFileJson>;
  } catch {
    throw new IdentityFileError(`${path} is not JSON`);
  }
  if (!isUuid(json.user_id) || typeof json.private_key !== "string") {
    throw new IdentityFileError(`${path} must hold "user_id" (a UUID) and "private_key" (PEM)`);
  }
  if (json.scheme !== undefined && !SCHEMES.includes(json.scheme)) {
    throw new IdentityFileError(`${path}: "scheme" must be one of ${SCHEMES.join(", ")}`);
  }
  try {
    return identityFromPem(json.user_id, json.private_key, json.scheme);
  } catch (err) {
    throw new IdentityFileError(`${path}: the private key cannot be read: ${(err as Error).message}`);
  }
}
