-- Several keys per account, recovery codes and scoped API tokens (lib/keys).
-- users.public_key stays the primary key; a key's arrival, revocation or removal bumps
-- the "users" data version, like a change to users, so every instance's cache of the
-- keys signatures are checked with moves on. Last use is not a change of the key set.
CREATE TABLE "user_keys" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" TEXT NOT NULL,
    "public_key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" DATETIME,
    "revoked_at" DATETIME,
    CONSTRAINT "user_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "user_keys_user_id_public_key_key" ON "user_keys"("user_id", "public_key");

CREATE TRIGGER "user_keys_version_insert" AFTER INSERT ON "user_keys"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'users'; END;

CREATE TRIGGER "user_keys_version_update" AFTER UPDATE OF "public_key", "revoked_at", "user_id" ON "user_keys"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'users'; END;

CREATE TRIGGER "user_keys_version_delete" AFTER DELETE ON "user_keys"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'users'; END;

-- CreateTable
CREATE TABLE "recovery_codes" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "used_at" DATETIME,
    CONSTRAINT "recovery_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "recovery_codes_user_id_idx" ON "recovery_codes"("user_id");

-- CreateTable
CREATE TABLE "api_tokens" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "user_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "hint" TEXT NOT NULL,
    "scopes" TEXT NOT NULL,
    "mod_ids" TEXT NOT NULL DEFAULT '',
    "expires_at" DATETIME NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" DATETIME,
    "revoked_at" DATETIME,
    CONSTRAINT "api_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "api_tokens_user_id_idx" ON "api_tokens"("user_id");
