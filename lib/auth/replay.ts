/**
 * Refusing replayed signed requests. Signatures are deterministic (Ed25519,
 * RSA PKCS#1 v1.5): a captured request to /v1/recovery.php or /v1/token.php could be
 * sent again later and hand its sender new codes or a token. The endpoints that change
 * credentials or hand out secrets (lib/auth/signed-at.ts) therefore accept a signed write
 * only when
 * - its query carries signed_at within SIGNED_AT_WINDOW_MS of the server's clock, and
 * - the same signer has not had the same signed bytes accepted before: the SHA-256 of
 *   user id and signed content is inserted into used_signatures, and a conflict is a
 *   replay. The table is in the database, so two instances on one PostgreSQL agree, and
 *   rows are deleted once their signed_at is out of the window (nothing older can pass
 *   the time check), so it holds at most a window's worth of requests.
 * The hash covers the signed bytes, not the signature: the same request signed again
 * (another hex case, SHA-1 beside SHA-256 for RSA) is still the same request.
 */
import { createHash } from "node:crypto";
import { unauthorized } from "@/lib/auth/authenticate";
import { parseSignedAt, SIGNED_AT_PARAM, SIGNED_AT_WINDOW_MS } from "@/lib/auth/signed-at";
import type { Db } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";

/** Records a signed request; false when it was recorded before (a replay). */
export type RememberSignature = (hash: string, expiresAtMs: number) => Promise<boolean>;

export function signatureUseHash(userId: string, content: Uint8Array): string {
  return createHash("sha256").update(userId, "utf8").update("\0").update(content).digest("hex");
}

/** The signed time, checked against the window; a 401 with the interface's challenge otherwise. */
export function checkSignedAt(query: URLSearchParams, nowMs: number): number {
  const raw = query.get(SIGNED_AT_PARAM);
  const at = parseSignedAt(raw);
  const window = SIGNED_AT_WINDOW_MS / 1000;
  if (at === null)
    throw unauthorized(
      `This endpoint refuses replayed requests: add ${SIGNED_AT_PARAM}=<Unix time in seconds> to the query and sign the request with it.`,
      { [SIGNED_AT_PARAM]: raw },
    );
  if (Math.abs(nowMs - at) > SIGNED_AT_WINDOW_MS)
    throw unauthorized(
      `${SIGNED_AT_PARAM} must be within ${window} s of the server's time (${(nowMs / 1000).toFixed(0)}): check the clock and sign the request again.`,
      { [SIGNED_AT_PARAM]: raw, server_time: Math.floor(nowMs / 1000) },
    );
  return at;
}

export const replayed = () =>
  unauthorized(
    `This signed request was accepted once already: a request to this endpoint is accepted once. Sign it again with a new ${SIGNED_AT_PARAM}.`,
  );

/**
 * Records an accepted request in used_signatures (shared by every instance) and prunes
 * the rows whose time is out; false when the same request was recorded before.
 */
export async function rememberSignatureIn(
  db: Db,
  hash: string,
  expiresAtMs: number,
  nowMs = Date.now(),
): Promise<boolean> {
  return groupCommit(
    db,
    async ({ sql }) => {
      await sql.run(`DELETE FROM "used_signatures" WHERE "expires_at" < CAST(? AS BIGINT)`, [nowMs]);
      const rows = await sql.all<{ hash: string }>(
        `INSERT INTO "used_signatures" ("hash", "expires_at") VALUES (?, CAST(? AS BIGINT))
         ON CONFLICT ("hash") DO NOTHING RETURNING "hash"`,
        [hash, expiresAtMs],
      );
      return rows.length === 1;
    },
    { plainSql: true },
  );
}

/** When a row may go: its signed_at has left the window. */
export const rememberUntil = (signedAtMs: number) => signedAtMs + SIGNED_AT_WINDOW_MS;
