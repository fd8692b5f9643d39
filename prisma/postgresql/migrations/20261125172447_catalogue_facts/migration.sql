-- The whole game's catalogue: facts beside the v1 columns, never part of a v1 reply.
-- maps: a bit set over every official map (lib/catalogue/game-maps.ts), whose first five
-- bits mean what environments' do; NULL when no map beyond the v1 ones is known.
-- category (engrams): the game's item type ("Equipment/Boots"); NULL when not known.
-- blueprint_known (engrams): false when the data leaves blueprintability empty (the v1
-- can_blueprint then holds the interface's default, true).
-- tameable and listed_as (creatures): the game's tameable flag and the heading a spawn-code
-- site lists the creature under; NULL when not known.
ALTER TABLE "engrams" ADD COLUMN "maps" INTEGER;
ALTER TABLE "engrams" ADD COLUMN "category" TEXT;
ALTER TABLE "engrams" ADD COLUMN "blueprint_known" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "creatures" ADD COLUMN "maps" INTEGER;
ALTER TABLE "creatures" ADD COLUMN "tameable" BOOLEAN;
ALTER TABLE "creatures" ADD COLUMN "listed_as" TEXT;

-- What the base catalogue shipped of each row (lib/engrams/base-catalogue.ts), so a start
-- on a newer catalogue tells a row the operator changed (its values differ from these) or
-- deleted (recorded, not present) from one it never had, and leaves the operator's alone.
CREATE TABLE "catalogue_shipped" (
    "kind" TEXT NOT NULL,
    "uid" TEXT NOT NULL,
    "shipped" TEXT NOT NULL,
    "recorded_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "catalogue_shipped_pkey" PRIMARY KEY ("kind", "uid")
);
