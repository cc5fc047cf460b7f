ALTER TABLE "transactions" ADD COLUMN "description_key" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "description_params" jsonb;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "impersonator_id" integer;--> statement-breakpoint
ALTER TABLE "campaign_status_history" ADD COLUMN "impersonator_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "impersonator_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_status_history" ADD CONSTRAINT "campaign_status_history_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;