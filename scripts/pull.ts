/**
 * usage: npm run pull -- <mod_id>[,<mod_id>...] | --all  [--json]
 * Pulls engrams now from the pull_url of the named confirmed mods (or of every mod that
 * has one), whatever their schedule, and prints each outcome. Exit code 1 when a pull
 * failed, 2 on bad usage. Uses the same configuration as the server (DATABASE_URL,
 * PULL_ALLOW_PRIVATE_HOSTS, PULL_INTERVAL_SECONDS for the next scheduled run).
 */
import { randomUUID } from "node:crypto";
import { config, ConfigError } from "@/lib/config";
import { db, disconnectDb } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { reconcileSchedules } from "@/lib/pull/pull-state";
import { runPull } from "@/lib/pull/run-pull";

const USAGE = `usage: npm run pull -- <mod_id>[,<mod_id>...] | --all  [--json]

Pulls engrams now from each mod's pull_url and prints the outcome.
  --all    every confirmed mod that has a pull_url
  --json   one JSON object per mod instead of text
Exit codes: 0 all pulls succeeded or were unchanged, 1 a pull failed, 2 bad usage.`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    return 0;
  }
  const json = args.includes("--json");
  const all = args.includes("--all");
  const named = args
    .filter((a) => !a.startsWith("--"))
    .flatMap((a) => a.split(","))
    .filter(Boolean);
  if (all === named.length > 0 || named.some((id) => !/^\d+$/.test(id))) {
    console.error(
      `${all ? "Give either --all or mod ids, not both." : "Name the mods to pull (workshop ids) or --all."}\n\n${USAGE}`,
    );
    return 2;
  }
  const cfg = config();
  await migrate(cfg.DATABASE_URL);
  await reconcileSchedules(db());
  const mods = all
    ? (await db().modPull.findMany({ select: { modId: true }, orderBy: { modId: "asc" } })).map((m) => m.modId)
    : named;
  if (mods.length === 0) console.error("No confirmed mod has a pull_url.");
  const instanceId = `cli-${randomUUID()}`;
  let failures = 0;
  for (const [i, modId] of mods.entries()) {
    if (!json) process.stderr.write(`[${i + 1}/${mods.length}] pulling mod ${modId}...\n`);
    const known = await db().modPull.findUnique({ where: { modId } });
    const outcome = known
      ? await runPull(db(), modId, {
          instanceId,
          intervalSeconds: cfg.PULL_INTERVAL_SECONDS || 86400,
          guard: { allowPrivate: cfg.PULL_ALLOW_PRIVATE_HOSTS },
          force: true,
        })
      : { status: "error" as const, message: "not a confirmed mod with a pull_url", added: 0, updated: 0, removed: 0 };
    const result = outcome ?? {
      status: "error" as const,
      message: "another instance is pulling this mod right now",
      added: 0,
      updated: 0,
      removed: 0,
    };
    if (result.status === "error") failures++;
    if (json) console.log(JSON.stringify({ mod_id: modId, ...result }));
    else
      console.log(
        `mod ${modId}: ${result.status}${result.message ? ` - ${result.message}` : ""}${result.status === "ok" ? ` (${result.added} added, ${result.updated} updated, ${result.removed} removed)` : ""}`,
      );
  }
  return failures > 0 ? 1 : 0;
}

main()
  .then(async (code) => {
    await disconnectDb();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : `pull failed: ${(err as Error).message}`);
    await disconnectDb().catch(() => {});
    process.exit(1);
  });
