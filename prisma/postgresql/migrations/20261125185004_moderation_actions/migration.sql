-- Moderation actions (lib/moderation/actions.ts). A hidden document is kept whole but
-- shown only to its author and moderators: hidden_at says since when, hidden_reason why
-- (the author reads it), hidden_by whether a moderator hid this document ("moderator")
-- or its author's suspension did ("suspension"), so reinstating the author brings back
-- only what the suspension hid. A suspended user's signed writes are refused.
ALTER TABLE "documents" ADD COLUMN "hidden_at" TIMESTAMP(3);
ALTER TABLE "documents" ADD COLUMN "hidden_reason" TEXT;
ALTER TABLE "documents" ADD COLUMN "hidden_by" TEXT;
ALTER TABLE "users" ADD COLUMN "suspended_at" TIMESTAMP(3);
ALTER TABLE "users" ADD COLUMN "suspended_reason" TEXT;

