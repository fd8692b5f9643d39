/** `beacon-hub user register|show`: the identity's user record on the server. */
import { EXIT_OK, jsonOption, type Command } from "@/lib/cli/command";

const userRegister: Command = {
  path: ["user", "register"],
  summary: "register the identity's user id and public key on the server",
  usage: "[--hex] [--json]",
  help: `POSTs the identity's user id and public key to /v1/user.php. Needed once per
identity and server before any signed command.

  --hex    send the key as hex of its DER encoding, as Beacon-era clients do (default PEM)
  --json   print the stored user {"user_id", "public_key"}`,
  options: { hex: { type: "boolean" }, ...jsonOption },
  async run(ctx) {
    const identity = ctx.identity();
    const api = ctx.anonymousApi();
    await api.users.register(identity, ctx.values.hex ? "hex" : "pem");
    if (ctx.values.json) ctx.json(await api.users.get(identity.userId));
    else ctx.out(`registered user ${identity.userId} on ${ctx.globals.server}`);
    return EXIT_OK;
  },
};

const userShow: Command = {
  path: ["user", "show"],
  summary: "print a user as the server has it",
  usage: "[<user_id>] [--json]",
  help: `GETs /v1/user.php/<user_id> (default: the identity's own user) and prints its id
and public key.

  --json   print {"user_id", "public_key"}`,
  options: { ...jsonOption },
  positionals: [0, 1],
  async run(ctx) {
    const userId = ctx.positionals[0] ?? ctx.identity().userId;
    const user = await ctx.anonymousApi().users.get(userId);
    if (ctx.values.json) ctx.json(user);
    else ctx.out(`user_id: ${user.user_id}\n${user.public_key.trimEnd()}`);
    return EXIT_OK;
  },
};

export const userCommands = [userRegister, userShow];
