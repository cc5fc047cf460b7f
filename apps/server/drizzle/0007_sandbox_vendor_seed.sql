-- The sandbox vendor seeded before `seed_key` existed becomes the seed's row (the seed then finds it and
-- never adds a second one), and takes every orderable product type unless staff changed its products.
UPDATE "vendors" SET "seed_key" = 'sandbox'
WHERE "id" = (SELECT min("id") FROM "vendors" WHERE "name" = 'Sandbox vendor')
  AND NOT EXISTS (SELECT 1 FROM "vendors" WHERE "seed_key" = 'sandbox');--> statement-breakpoint
UPDATE "vendors" SET "products" = '[1,2,4,5,6,7,8]'::jsonb
WHERE "seed_key" = 'sandbox' AND "products" = '[1,2]'::jsonb;
