-- Reports of documents, mods and users, and authors' appeals (lib/moderation/reports.ts).
-- Open while closed_at is null; the moderation console reads the open ones by target.
CREATE TABLE "reports" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "target_kind" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "reporter_id" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closed_at" DATETIME,
    CONSTRAINT "reports_reporter_id_fkey" FOREIGN KEY ("reporter_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "reports_closed_at_target_kind_target_id_idx" ON "reports"("closed_at", "target_kind", "target_id");

-- CreateIndex
CREATE INDEX "reports_target_kind_target_id_idx" ON "reports"("target_kind", "target_id");

-- CreateIndex
CREATE INDEX "reports_reporter_id_idx" ON "reports"("reporter_id");
