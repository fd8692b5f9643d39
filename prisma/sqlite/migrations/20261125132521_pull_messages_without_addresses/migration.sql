-- Pull outcomes recorded before the address guard stopped naming addresses said which
-- private address a host name resolved to ("localhost resolves to 127.0.0.1, a private
-- or reserved address"), and the dashboard showed them to the mod's owner. Replace them
-- with what a refusal says now; the next pull writes its own outcome anyway.
UPDATE "mod_pulls"
SET "message" = 'The pull URL could not be fetched: this address is not allowed (only public internet addresses are).'
WHERE "message" LIKE '%a private or reserved address%';
