-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "public_key" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "mod_registrations" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" TEXT NOT NULL,
    "workshop_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "confirmation_code" TEXT NOT NULL,
    "confirmed" BOOLEAN NOT NULL DEFAULT false,
    "confirmed_mod_id" TEXT,
    "pull_url" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmed_at" DATETIME,
    CONSTRAINT "mod_registrations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "engrams" (
    "uid" TEXT NOT NULL PRIMARY KEY,
    "path" TEXT NOT NULL,
    "class_name" TEXT NOT NULL,
    "class_key" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "environments" INTEGER NOT NULL,
    "can_blueprint" BOOLEAN NOT NULL,
    "mod_id" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "engrams_mod_id_fkey" FOREIGN KEY ("mod_id") REFERENCES "mod_registrations" ("confirmed_mod_id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "documents" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "user_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "download_count" INTEGER NOT NULL DEFAULT 0,
    "last_updated" DATETIME NOT NULL,
    CONSTRAINT "documents_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "document_contents" (
    "document_id" TEXT NOT NULL PRIMARY KEY,
    "encoding" TEXT NOT NULL,
    "body" BLOB NOT NULL,
    "sha256" TEXT NOT NULL,
    CONSTRAINT "document_contents_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "mod_registrations_confirmed_mod_id_key" ON "mod_registrations"("confirmed_mod_id");

-- CreateIndex
CREATE INDEX "mod_registrations_workshop_id_idx" ON "mod_registrations"("workshop_id");

-- CreateIndex
CREATE UNIQUE INDEX "mod_registrations_user_id_workshop_id_key" ON "mod_registrations"("user_id", "workshop_id");

-- CreateIndex
CREATE INDEX "engrams_class_key_idx" ON "engrams"("class_key");

-- CreateIndex
CREATE INDEX "engrams_mod_id_label_idx" ON "engrams"("mod_id", "label");

-- CreateIndex
CREATE INDEX "documents_last_updated_id_idx" ON "documents"("last_updated", "id");

-- CreateIndex
CREATE INDEX "documents_download_count_id_idx" ON "documents"("download_count", "id");

-- CreateIndex
CREATE INDEX "documents_user_id_last_updated_id_idx" ON "documents"("user_id", "last_updated", "id");

-- CreateIndex
CREATE INDEX "documents_user_id_download_count_id_idx" ON "documents"("user_id", "download_count", "id");
