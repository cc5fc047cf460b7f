CREATE INDEX "apps_created_idx" ON "apps" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "apps_title_lower_idx" ON "apps" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "apps_promotion_idx" ON "apps" USING btree ("promotion_value");--> statement-breakpoint
CREATE INDEX "apps_title_trgm_idx" ON "apps" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "apps_package_trgm_idx" ON "apps" USING gin ("package" gin_trgm_ops);