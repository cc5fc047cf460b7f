ALTER TABLE "campaign_order_days" ADD COLUMN "spend" numeric(14, 4);--> statement-breakpoint
-- Hand-written: CPI days settled before the ad network's reports were kept per day carry target CPI × installs,
-- as campaign_cpi.spent did (0010).
UPDATE "campaign_order_days" d SET "spend" = c."unit_price" * d."installs_actual"
FROM "campaign_orders" o JOIN "campaigns" c ON c."id" = o."campaign_id"
WHERE o."id" = d."order_id" AND c."product_type" = 4;
