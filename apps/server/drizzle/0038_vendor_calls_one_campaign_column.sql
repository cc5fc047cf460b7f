ALTER TABLE "vendor_calls" DROP CONSTRAINT "vendor_calls_campaign_id_campaigns_id_fk";
--> statement-breakpoint
DROP INDEX "vendor_calls_campaign_idx";--> statement-breakpoint
ALTER TABLE "vendor_calls" DROP COLUMN "campaign_id";