-- Issue 42: a token remembers the key that made it and is revoked with it; recovery codes
-- get a keyed fast lookup so an attempt scrypts one row at most; signed requests to the
-- credential endpoints are remembered so a replay is refused (lib/keys, lib/auth/replay.ts).
ALTER TABLE "api_tokens" ADD COLUMN "key_id" INTEGER REFERENCES "user_keys" ("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateIndex
CREATE INDEX "api_tokens_key_id_idx" ON "api_tokens"("key_id");

ALTER TABLE "recovery_codes" ADD COLUMN "lookup" TEXT;

-- CreateIndex
CREATE INDEX "recovery_codes_lookup_idx" ON "recovery_codes"("lookup");

-- CreateTable
CREATE TABLE "used_signatures" (
    "hash" TEXT NOT NULL PRIMARY KEY,
    "expires_at" BIGINT NOT NULL
);

-- CreateIndex
CREATE INDEX "used_signatures_expires_at_idx" ON "used_signatures"("expires_at");
