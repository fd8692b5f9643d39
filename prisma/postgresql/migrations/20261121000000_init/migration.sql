-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "public_key" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mod_registrations" (
    "id" SERIAL NOT NULL,
    "user_id" TEXT NOT NULL,
    "workshop_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "confirmation_code" TEXT NOT NULL,
    "confirmed" BOOLEAN NOT NULL DEFAULT false,
    "confirmed_mod_id" TEXT,
    "pull_url" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmed_at" TIMESTAMP(3),

    CONSTRAINT "mod_registrations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "engrams" (
    "uid" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "class_name" TEXT NOT NULL,
    "class_key" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "environments" INTEGER NOT NULL,
    "can_blueprint" BOOLEAN NOT NULL,
    "mod_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "engrams_pkey" PRIMARY KEY ("uid")
);

-- CreateTable
CREATE TABLE "documents" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "download_count" INTEGER NOT NULL DEFAULT 0,
    "last_updated" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_contents" (
    "document_id" TEXT NOT NULL,
    "encoding" TEXT NOT NULL,
    "body" BYTEA NOT NULL,
    "sha256" TEXT NOT NULL,

    CONSTRAINT "document_contents_pkey" PRIMARY KEY ("document_id")
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

-- AddForeignKey
ALTER TABLE "mod_registrations" ADD CONSTRAINT "mod_registrations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "engrams" ADD CONSTRAINT "engrams_mod_id_fkey" FOREIGN KEY ("mod_id") REFERENCES "mod_registrations"("confirmed_mod_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_contents" ADD CONSTRAINT "document_contents_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
