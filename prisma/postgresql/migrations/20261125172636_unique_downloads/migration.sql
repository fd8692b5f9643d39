-- Unique downloads (lib/documents/unique-downloads.ts): one per client network (/24 for
-- IPv4, /56 for IPv6) per document per 10 minutes, counted beside download_count, which
-- keeps counting every download. Instances count in memory and write here about once a
-- second, never once per download. Documents start at 0: downloads from before this
-- migration were not told apart.
ALTER TABLE "documents" ADD COLUMN "unique_downloads" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "documents" ADD COLUMN "unique_downloads_7d" INTEGER NOT NULL DEFAULT 0;

-- The "trending" sort, like the other sort keys: scanned in order, ties by id.
CREATE INDEX "documents_unique_downloads_7d_id_idx" ON "documents"("unique_downloads_7d", "id");
CREATE INDEX "documents_user_id_unique_downloads_7d_id_idx" ON "documents"("user_id", "unique_downloads_7d", "id");

-- The networks that downloaded a document in the last 10 minutes; older rows are deleted.
CREATE TABLE "document_download_networks" (
    "document_id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "counted_at" BIGINT NOT NULL,

    CONSTRAINT "document_download_networks_pkey" PRIMARY KEY ("document_id","network")
);
CREATE INDEX "document_download_networks_counted_at_idx" ON "document_download_networks"("counted_at");
ALTER TABLE "document_download_networks" ADD CONSTRAINT "document_download_networks_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Unique downloads per document and clock hour, for the last 7 days.
CREATE TABLE "document_download_hours" (
    "document_id" TEXT NOT NULL,
    "hour" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "document_download_hours_pkey" PRIMARY KEY ("document_id","hour")
);
CREATE INDEX "document_download_hours_hour_idx" ON "document_download_hours"("hour");
ALTER TABLE "document_download_hours" ADD CONSTRAINT "document_download_hours_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
