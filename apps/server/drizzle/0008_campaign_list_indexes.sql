-- The staff search matches packages by trigrams (a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "campaigns_user_created_idx";--> statement-breakpoint
CREATE INDEX "campaigns_user_created_id_idx" ON "campaigns" USING btree ("user_id","created_at","id","status");--> statement-breakpoint
CREATE INDEX "campaigns_user_id_idx" ON "campaigns" USING btree ("user_id","id","status");--> statement-breakpoint
CREATE INDEX "campaigns_user_price_idx" ON "campaigns" USING btree ("user_id","price","id","status");--> statement-breakpoint
CREATE INDEX "campaigns_price_idx" ON "campaigns" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "campaigns_package_trgm_idx" ON "campaigns" USING gin ("package" gin_trgm_ops);