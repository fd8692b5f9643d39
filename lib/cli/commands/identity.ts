/** `beacon-hub identity new|show`: the key pair and user id every signed request uses. */
import { newIdentity, publicKeyPem, type SignatureScheme } from "@/lib/client/identity";
import { readIdentityFile, SCHEMES, writeIdentityFile } from "@/lib/client/identity-file";
import { EXIT_OK, jsonOption, stringValue, UsageError, type Command } from "@/lib/cli/command";

const identityNew: Command = {
  path: ["identity", "new"],
  summary: "create a new identity (user id + private key)",
  usage: "[--scheme rsa-sha256|rsa-sha1|ed25519] [--force] [--json]",
  help: `Generates a key pair and a random user id and writes them to the identity file
(--identity, $BEACON_IDENTITY, default ~/.config/beacon-hub/identity.json) with mode 0600.
Register it next with "beacon-hub user register".

  --scheme S   signature scheme: rsa-sha256 (default; RSA 2048), rsa-sha1 (what Beacon-era
               clients send), ed25519
  --force      replace an existing identity file (its key is lost)
  --json       print {"user_id", "scheme", "path"}`,
  options: { scheme: { type: "string" }, force: { type: "boolean" }, ...jsonOption },
  async run(ctx) {
    const scheme = (stringValue(ctx, "scheme") ?? "rsa-sha256") as SignatureScheme;
    if (!SCHEMES.includes(scheme)) throw new UsageError(`--scheme must be one of ${SCHEMES.join(", ")}`);
    const identity = newIdentity(scheme);
    const path = ctx.globals.identityPath;
    writeIdentityFile(path, identity, { force: ctx.values.force === true });
    if (ctx.values.json) ctx.json({ user_id: identity.userId, scheme, path });
    else ctx.out(`created identity ${identity.userId} (${scheme}) in ${path}\nnext: beacon-hub user register`);
    return EXIT_OK;
  },
};

const identityShow: Command = {
  path: ["identity", "show"],
  summary: "print the identity's user id and public key",
  usage: "[--json]",
  help: `Prints the user id, the signature scheme and the public key (PEM) of the identity
file. The private key is never printed.

  --json   print {"user_id", "scheme", "public_key", "path"}`,
  options: { ...jsonOption },
  async run(ctx) {
    const path = ctx.globals.identityPath;
    const identity = readIdentityFile(path);
    const publicKey = publicKeyPem(identity);
    if (ctx.values.json) ctx.json({ user_id: identity.userId, scheme: identity.scheme, public_key: publicKey, path });
    else ctx.out(`user_id: ${identity.userId}\nscheme:  ${identity.scheme}\nfile:    ${path}\n${publicKey.trimEnd()}`);
    return EXIT_OK;
  },
};

export const identityCommands = [identityNew, identityShow];
