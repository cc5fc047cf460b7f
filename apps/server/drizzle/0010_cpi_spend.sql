ALTER TABLE "campaign_cpi" ADD COLUMN "spent" numeric(14, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Spend was target CPI × installs before the ad network reported it: carry that over.
UPDATE "campaign_cpi" c SET "spent" = ca."unit_price" * ca."installs_actual"
FROM "campaigns" ca WHERE ca."id" = c."campaign_id";
