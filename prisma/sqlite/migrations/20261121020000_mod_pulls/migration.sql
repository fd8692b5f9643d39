-- CreateTable
CREATE TABLE "mod_pulls" (
    "mod_id" TEXT NOT NULL PRIMARY KEY,
    "pull_url" TEXT NOT NULL,
    "next_run_at" DATETIME NOT NULL,
    "lease_owner" TEXT,
    "lease_until" DATETIME,
    "last_attempt_at" DATETIME,
    "last_success_at" DATETIME,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "message" TEXT,
    "added" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "removed" INTEGER NOT NULL DEFAULT 0,
    "content_hash" TEXT,
    "etag" TEXT,
    "last_modified" TEXT,
    CONSTRAINT "mod_pulls_mod_id_fkey" FOREIGN KEY ("mod_id") REFERENCES "mod_registrations" ("confirmed_mod_id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "mod_pulls_next_run_at_idx" ON "mod_pulls"("next_run_at");
