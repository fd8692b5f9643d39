/**
 * `beacon-hub keys ls|add|revoke|rotate`: the account's public keys through /v1/key.php.
 * A new key is made here and written as a new identity file (--out, never over an existing
 * file); only its public half is sent, signed by the current identity.
 */
import { newIdentity, publicKeyPem, type SignatureScheme } from "@/lib/client/identity";
import { SCHEMES, writeIdentityFile } from "@/lib/client/identity-file";
import { EXIT_OK, jsonOption, stringValue, UsageError, type Command, type Context } from "@/lib/cli/command";
import { table } from "@/lib/cli/output";

const NEW_KEY_OPTIONS = `  --out PATH   where to write the new key's identity file (required; never overwritten)
  --name NAME  the key's name, to tell keys apart (e.g. laptop)
  --scheme S   rsa-sha256 (default), rsa-sha1 or ed25519
  --json       print the key as the API returns it`;

const newKeyOptions = {
  out: { type: "string" },
  name: { type: "string" },
  scheme: { type: "string" },
  ...jsonOption,
} as const;

function keyIdArg(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value))
    throw new UsageError(`"${value ?? ""}" is not a key id (see beacon-hub keys ls)`);
  return Number(value);
}

/** A key for the current account, written to --out before the server hears of it. */
function makeKey(ctx: Context): { publicKey: string; path: string } {
  const path = stringValue(ctx, "out");
  if (!path) throw new UsageError("name the new identity file with --out PATH");
  const scheme = (stringValue(ctx, "scheme") ?? "rsa-sha256") as SignatureScheme;
  if (!SCHEMES.includes(scheme)) throw new UsageError(`--scheme must be one of ${SCHEMES.join(", ")}`);
  const key = { ...newIdentity(scheme), userId: ctx.identity().userId };
  writeIdentityFile(path, key);
  return { publicKey: publicKeyPem(key), path };
}

const ls: Command = {
  path: ["keys", "ls"],
  summary: "list the account's keys (name, added, last used, primary, revoked)",
  usage: "[--json]",
  help: `GETs /v1/key.php, signed by the identity file.

  --json   print the API's reply`,
  options: { ...jsonOption },
  async run(ctx) {
    const keys = await ctx.api().keys.list();
    if (ctx.values.json) ctx.json(keys);
    else
      ctx.out(
        table(
          ["ID", "NAME", "ADDED", "LAST USED", "STATE"],
          keys.map((k) => [
            String(k.key_id),
            k.name,
            k.created_at.slice(0, 10),
            k.last_used_at?.slice(0, 10) ?? "never",
            k.revoked_at ? `revoked ${k.revoked_at.slice(0, 10)}` : k.primary ? "primary" : "active",
          ]),
        ),
      );
    return EXIT_OK;
  },
};

const add: Command = {
  path: ["keys", "add"],
  summary: "make a new key, add it to the account, write its identity file",
  usage: "--out PATH [--name NAME] [--scheme S] [--json]",
  help: `Makes a key pair, writes it to --out as an identity file of this account (mode 0600), then
POSTs its public key to /v1/key.php signed by the current identity. Both files sign in from then on.

${NEW_KEY_OPTIONS}`,
  options: newKeyOptions,
  async run(ctx) {
    const made = makeKey(ctx);
    const key = await ctx.api().keys.add(made.publicKey, stringValue(ctx, "name"));
    if (ctx.values.json) ctx.json(key);
    else ctx.out(`added key ${key.key_id} (${key.name}); its identity file: ${made.path}`);
    return EXIT_OK;
  },
};

const rotate: Command = {
  path: ["keys", "rotate"],
  summary: "replace a key by a new one in one step",
  usage: "<key_id> --out PATH [--name NAME] [--scheme S] [--json]",
  help: `Makes a key pair, writes it to --out, and POSTs /v1/key.php/<key_id>?action=rotate: the new
key is added and <key_id> revoked together (the new key becomes primary if the old one was).

${NEW_KEY_OPTIONS}`,
  options: newKeyOptions,
  positionals: [1, 1],
  async run(ctx) {
    const keyId = keyIdArg(ctx.positionals[0]);
    const made = makeKey(ctx);
    const key = await ctx.api().keys.rotate(keyId, made.publicKey, stringValue(ctx, "name"));
    if (ctx.values.json) ctx.json(key);
    else ctx.out(`key ${keyId} revoked; key ${key.key_id} (${key.name}) replaces it; its identity file: ${made.path}`);
    return EXIT_OK;
  },
};

const revoke: Command = {
  path: ["keys", "revoke"],
  summary: "revoke a key (never the last active one)",
  usage: "<key_id>",
  help: `DELETEs /v1/key.php/<key_id>: signatures by that key are refused from now on.`,
  positionals: [1, 1],
  async run(ctx) {
    const keyId = keyIdArg(ctx.positionals[0]);
    await ctx.api().keys.revoke(keyId);
    ctx.out(`revoked key ${keyId}`);
    return EXIT_OK;
  },
};

export const keysCommands = [ls, add, rotate, revoke];
