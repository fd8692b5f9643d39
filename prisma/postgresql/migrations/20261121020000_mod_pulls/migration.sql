-- CreateTable
CREATE TABLE "mod_pulls" (
    "mod_id" TEXT NOT NULL,
    "pull_url" TEXT NOT NULL,
    "next_run_at" TIMESTAMP(3) NOT NULL,
    "lease_owner" TEXT,
    "lease_until" TIMESTAMP(3),
    "last_attempt_at" TIMESTAMP(3),
    "last_success_at" TIMESTAMP(3),
    "status" TEXT NOT NULL DEFAULT 'pending',
    "message" TEXT,
    "added" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "removed" INTEGER NOT NULL DEFAULT 0,
    "content_hash" TEXT,
    "etag" TEXT,
    "last_modified" TEXT,

    CONSTRAINT "mod_pulls_pkey" PRIMARY KEY ("mod_id")
);

-- CreateIndex
CREATE INDEX "mod_pulls_next_run_at_idx" ON "mod_pulls"("next_run_at");

-- AddForeignKey
ALTER TABLE "mod_pulls" ADD CONSTRAINT "mod_pulls_mod_id_fkey" FOREIGN KEY ("mod_id") REFERENCES "mod_registrations"("confirmed_mod_id") ON DELETE CASCADE ON UPDATE CASCADE;
