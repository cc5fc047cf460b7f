ALTER TABLE "vendor_calls" ADD COLUMN "campaign_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
UPDATE "vendor_calls" SET "campaign_ids" = ARRAY["campaign_id"] WHERE "campaign_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "vendor_calls_campaigns_idx" ON "vendor_calls" USING gin ("campaign_ids");