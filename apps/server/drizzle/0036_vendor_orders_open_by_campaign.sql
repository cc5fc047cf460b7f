DROP INDEX "vendor_orders_open_idx";--> statement-breakpoint
CREATE INDEX "vendor_orders_open_idx" ON "vendor_orders" USING btree ("campaign_id","id") WHERE "vendor_orders"."state" <> 'closed';