/** `beacon-hub user register|show`: the identity's user record on the server. */
import { BeaconApiError } from "@/lib/client/beacon-api";
import { EXIT_OK, jsonOption, type Command } from "@/lib/cli/command";

const userRegister: Command = {
  path: ["user", "register"],
  summary: "register the identity's user id and public key on the server",
  usage: "[--hex] [--json]",
  help: `POSTs the identity's user id and public key to /v1/user.php. Needed once per
identity and server before any signed command. Then asks for the account's ten recovery
codes (POST /v1/recovery.php) and prints them, this once: if the identity file is lost,
one code and a new key replace every key of the account (the server's /recover page).

  --hex    send the key as hex of its DER encoding, as Beacon-era clients do (default PEM)
  --json   print the stored user {"user_id", "public_key", "recovery_codes"}`,
  options: { hex: { type: "boolean" }, ...jsonOption },
  async run(ctx) {
    const identity = ctx.identity();
    const api = ctx.anonymousApi();
    await api.users.register(identity, ctx.values.hex ? "hex" : "pem");
    // The user exists from here on: codes that cannot be made now (a --base-url mismatch,
    // say) are a warning, not a failure that would tempt a second register.
    const codes = await ctx
      .api()
      .recovery.issue()
      .catch((err: unknown) => {
        if (!(err instanceof BeaconApiError)) throw err;
        ctx.err(`recovery codes could not be made now (${err.message}); make them on the dashboard's Keys page`);
        return [];
      });
    if (ctx.values.json) ctx.json({ ...(await api.users.get(identity.userId)), recovery_codes: codes });
    else {
      ctx.out(`registered user ${identity.userId} on ${ctx.globals.server}`);
      if (codes.length > 0)
        ctx.out(
          [
            "recovery codes, shown only now: keep them apart from the identity file; each one, once,",
            `replaces every key of the account if the file is lost (${ctx.globals.server}/recover):`,
            ...codes.map((c) => `  ${c}`),
          ].join("\n"),
        );
    }
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
