DROP INDEX "vendor_orders_campaign_idx";--> statement-breakpoint
CREATE INDEX "vendor_orders_day_idx" ON "vendor_orders" USING btree ("order_id","day");--> statement-breakpoint
CREATE INDEX "vendor_orders_campaign_idx" ON "vendor_orders" USING btree ("campaign_id");