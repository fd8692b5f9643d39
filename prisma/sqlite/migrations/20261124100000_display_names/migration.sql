-- Display names of the portal (issue 20): one per user, removed with the user. The
-- unique index over the folded name (lib/display-names/display-name-rules.ts) is what
-- keeps a name to one author, however many requests claim it at once. Not read by any
-- v1 endpoint.
CREATE TABLE "display_names" (
    "user_id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "display_names_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "display_names_name_key_key" ON "display_names"("name_key");
