/**
 * One pull of one mod (docs/CONTRACT.md#pull): fetch its pull_url through the SSRF guard with the
 * last validators, skip a 304 or an unchanged file (same sha256), parse JSON or CSV,
 * apply it, record the outcome for the owner, and report an error back to the pull URL
 * as a form POST (mod_id, message), best effort. Neither the outcome nor the report names
 * an address the guard resolved (lib/net/guarded-fetch.ts); the server log does.
 */
import { createHash } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { suspensionOf } from "@/lib/moderation/suspension";
import { EngramFileError, engramFileFormat, readEngramFile } from "@/lib/engrams/engram-file";
import { applyPullFile } from "@/lib/pull/apply-pull-file";
import { FetchRefused, guardedFetch, type GuardOptions } from "@/lib/net/guarded-fetch";
import { claimPull, finishPull, nextRunAfter, type PullClaim, type PullOutcome } from "@/lib/pull/pull-state";
import { logger } from "@/lib/logging/logger";

export interface PullOptions {
  instanceId: string;
  intervalSeconds: number;
  guard?: GuardOptions;
  /** pull even when not due (the `npm run pull` command) */
  force?: boolean;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
const failed = (message: string): PullOutcome => ({ status: "error", message, added: 0, updated: 0, removed: 0 });
const unchanged: PullOutcome = { status: "unchanged", message: null, added: 0, updated: 0, removed: 0 };

async function fetchAndApply(db: Db, claim: PullClaim, guard: GuardOptions): Promise<PullOutcome> {
  // A pull writes as its mod's owner: nothing while the owner is suspended, tried again later.
  const owner = await db.modRegistration.findUnique({
    where: { confirmedModId: claim.modId },
    select: { userId: true },
  });
  if (owner && (await suspensionOf(db, owner.userId)))
    return failed("The owner's account is suspended: nothing is pulled until a moderator reinstates it.");
  const headers: Record<string, string> = {};
  if (claim.etag) headers["if-none-match"] = claim.etag;
  if (claim.lastModified) headers["if-modified-since"] = claim.lastModified;
  let res;
  try {
    res = await guardedFetch(claim.pullUrl, { headers }, guard);
  } catch (err) {
    if (!(err instanceof FetchRefused)) throw err;
    // The owner reads the message (dashboard, the report POSTed back); only the log names addresses.
    logger().warn({ job: "pull", mod_id: claim.modId, refused: err.kind, detail: err.detail }, "pull fetch refused");
    return failed(`The pull URL could not be fetched: ${err.message}.`);
  }
  if (res.status === 304) return unchanged;
  if (res.status !== 200) return failed(`The pull URL answered HTTP ${res.status}; it must answer 200.`);
  const type = String(res.headers["content-type"] ?? "");
  const format = engramFileFormat(type);
  if (!format) return failed(`The pull URL answered Content-Type "${type}"; it must be application/json or text/csv.`);
  const contentHash = createHash("sha256").update(res.body).digest("hex");
  if (contentHash === claim.contentHash) return unchanged;
  let rows;
  try {
    rows = readEngramFile(utf8.decode(res.body), format);
  } catch (err) {
    return failed(err instanceof EngramFileError ? `The file is ${err.message}.` : "The file is not valid UTF-8.");
  }
  const result = await applyPullFile(db, claim.modId, rows);
  if (!result.ok) return failed(`Nothing was applied: ${result.message}`);
  const asText = (v: string | string[] | undefined) => (typeof v === "string" ? v : null);
  return {
    status: "ok",
    message: null,
    added: result.added,
    updated: result.updated,
    removed: result.removed,
    applied: { contentHash, etag: asText(res.headers.etag), lastModified: asText(res.headers["last-modified"]) },
  };
}

async function reportError(claim: PullClaim, message: string, guard: GuardOptions): Promise<void> {
  const body = new URLSearchParams({ mod_id: claim.modId, message }).toString();
  await guardedFetch(
    claim.pullUrl,
    { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body },
    { ...guard, timeoutMs: 5_000 },
  ).catch(() => {});
}

/** Pulls one mod if its lease can be taken; null when another instance has it (or it is not due). */
export async function runPull(db: Db, modId: string, options: PullOptions): Promise<PullOutcome | null> {
  const claim = await claimPull(db, modId, options.instanceId, { force: options.force });
  if (!claim) return null;
  const guard = options.guard ?? {};
  let outcome: PullOutcome;
  try {
    outcome = await fetchAndApply(db, claim, guard);
  } catch (err) {
    // A database failure mid-pull: keep the reason for the owner, try again next time.
    logger().error({ job: "pull", mod_id: modId, err }, "pull failed inside the service");
    outcome = failed("The pull failed inside the service; it will be tried again.");
  }
  const now = new Date();
  await finishPull(db, modId, options.instanceId, outcome, nextRunAfter(now, options.intervalSeconds), now);
  if (outcome.status === "error") await reportError(claim, outcome.message!, guard);
  return outcome;
}
