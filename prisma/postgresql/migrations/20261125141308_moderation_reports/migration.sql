-- Reports of documents, mods and users, and authors' appeals (lib/moderation/reports.ts).
-- Open while closed_at is null; the moderation console reads the open ones by target.
CREATE TABLE "reports" (
    "id" SERIAL NOT NULL,
    "target_kind" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "reporter_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closed_at" TIMESTAMP(3),

    CONSTRAINT "reports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "reports_closed_at_target_kind_target_id_idx" ON "reports"("closed_at", "target_kind", "target_id");

-- CreateIndex
CREATE INDEX "reports_target_kind_target_id_idx" ON "reports"("target_kind", "target_id");

-- CreateIndex
CREATE INDEX "reports_reporter_id_idx" ON "reports"("reporter_id");

-- AddForeignKey
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_fkey" FOREIGN KEY ("reporter_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
