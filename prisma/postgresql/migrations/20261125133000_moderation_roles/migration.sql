-- Moderation: the roles granted on the server (lib/moderation/roles.ts) and the audit
-- trail of every report, moderator action, appeal and role change
-- (lib/moderation/audit.ts), written in the same transaction as what it records.
CREATE TABLE "user_roles" (
    "user_id" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "granted_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_roles_pkey" PRIMARY KEY ("user_id")
);

-- AddForeignKey
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "moderation_audit" (
    "id" SERIAL NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_kind" TEXT NOT NULL,
    "actor_id" TEXT,
    "action" TEXT NOT NULL,
    "target_kind" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "target_label" TEXT NOT NULL,
    "reason" TEXT NOT NULL,

    CONSTRAINT "moderation_audit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "moderation_audit_target_kind_target_id_idx" ON "moderation_audit"("target_kind", "target_id");

-- Append-only: whatever connects to the database (the service, a script, SQL typed by
-- hand) can add entries but never change or remove one. TRUNCATE has its own trigger
-- (row triggers do not see it).
CREATE FUNCTION "moderation_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'moderation_audit is append-only: % is refused', TG_OP;
END
$$;

CREATE TRIGGER "moderation_audit_no_change" BEFORE UPDATE OR DELETE ON "moderation_audit"
FOR EACH ROW EXECUTE FUNCTION "moderation_audit_append_only"();

CREATE TRIGGER "moderation_audit_no_truncate" BEFORE TRUNCATE ON "moderation_audit"
FOR EACH STATEMENT EXECUTE FUNCTION "moderation_audit_append_only"();
