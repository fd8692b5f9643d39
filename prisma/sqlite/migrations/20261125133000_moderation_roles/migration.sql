-- Moderation: the roles granted on the server (lib/moderation/roles.ts) and the audit
-- trail of every report, moderator action, appeal and role change
-- (lib/moderation/audit.ts), written in the same transaction as what it records.
CREATE TABLE "user_roles" (
    "user_id" TEXT NOT NULL PRIMARY KEY,
    "role" TEXT NOT NULL,
    "granted_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "user_roles_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "moderation_audit" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_kind" TEXT NOT NULL,
    "actor_id" TEXT,
    "action" TEXT NOT NULL,
    "target_kind" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "target_label" TEXT NOT NULL,
    "reason" TEXT NOT NULL
);

-- CreateIndex
CREATE INDEX "moderation_audit_target_kind_target_id_idx" ON "moderation_audit"("target_kind", "target_id");

-- Append-only: whatever connects to the database (the service, a script, SQL typed by
-- hand) can add entries but never change or remove one.
CREATE TRIGGER "moderation_audit_no_update" BEFORE UPDATE ON "moderation_audit"
BEGIN SELECT RAISE(ABORT, 'moderation_audit is append-only: entries cannot be changed'); END;

CREATE TRIGGER "moderation_audit_no_delete" BEFORE DELETE ON "moderation_audit"
BEGIN SELECT RAISE(ABORT, 'moderation_audit is append-only: entries cannot be deleted'); END;
