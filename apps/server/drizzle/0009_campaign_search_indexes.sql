CREATE INDEX "campaigns_description_trgm_idx" ON "campaigns" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campaigns_app_idx" ON "campaigns" USING btree ("app_id");