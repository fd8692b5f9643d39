-- Scheduled backups (BACKUP_SCHEDULE): one row per tick, inserted by the one instance
-- that runs it (lib/db-backup/scheduled-backups.ts).
CREATE TABLE "backup_runs" (
    "slot" TEXT NOT NULL PRIMARY KEY,
    "instance" TEXT NOT NULL,
    "started_at" DATETIME NOT NULL,
    "finished_at" DATETIME,
    "status" TEXT NOT NULL,
    "file" TEXT,
    "bytes" BIGINT,
    "error" TEXT
);

CREATE INDEX "backup_runs_status_finished_at_idx" ON "backup_runs"("status", "finished_at");
