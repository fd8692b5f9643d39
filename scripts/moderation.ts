/**
 * usage: npm run moderation -- <grant|revoke|roles|audit> ... (--help on each)
 * The operator's moderation commands against DATABASE_URL's database, migrated first:
 * roles are granted here (or by the CLI's `grant`, which runs this), never through the
 * web; the audit trail is exported here as JSON lines. The commands are
 * lib/moderation/console-commands.ts.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ApiError } from "@/lib/api/errors";
import { config, ConfigError } from "@/lib/config";
import { db, disconnectDb } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { runModerationCommand } from "@/lib/moderation/console-commands";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

runModerationCommand(process.argv.slice(2), {
  get db() {
    return db();
  },
  prepare: async () => void (await migrate(config().DATABASE_URL, { root, log: () => undefined })),
  out: process.stdout,
  err: process.stderr,
})
  .then(async (code) => {
    await disconnectDb();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    await disconnectDb().catch(() => undefined);
    const known = err instanceof ApiError || err instanceof ConfigError;
    console.error(`moderation: ${known ? (err as Error).message : ((err as Error).stack ?? String(err))}`);
    process.exit(1);
  });
