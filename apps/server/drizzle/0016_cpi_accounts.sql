CREATE TABLE "cpi_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cpi_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"id_key" text NOT NULL,
	"name" text NOT NULL,
	"network" text NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"daily_limit" numeric(14, 4) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_cpi" ADD COLUMN "cpi_account_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "cpi_accounts_id_key_unique" ON "cpi_accounts" USING btree (lower("id_key"));--> statement-breakpoint
CREATE INDEX "cpi_accounts_active_idx" ON "cpi_accounts" USING btree ("is_active","id");--> statement-breakpoint
CREATE INDEX "cpi_accounts_created_idx" ON "cpi_accounts" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "campaign_cpi" ADD CONSTRAINT "campaign_cpi_cpi_account_id_cpi_accounts_id_fk" FOREIGN KEY ("cpi_account_id") REFERENCES "public"."cpi_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_cpi_account_idx" ON "campaign_cpi" USING btree ("cpi_account_id");