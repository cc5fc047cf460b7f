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
CREATE TABLE "reflinks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reflinks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"code" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"bonus" numeric(14, 4) DEFAULT '0' NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD COLUMN "reflink_id" integer;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD COLUMN "reflink_bonus_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invoice_file" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invoice_uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_cpi" ADD COLUMN "cpi_account_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "cpi_accounts_id_key_unique" ON "cpi_accounts" USING btree (lower("id_key"));--> statement-breakpoint
CREATE INDEX "cpi_accounts_active_idx" ON "cpi_accounts" USING btree ("is_active","id");--> statement-breakpoint
CREATE INDEX "cpi_accounts_created_idx" ON "cpi_accounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reflinks_code_unique" ON "reflinks" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "reflinks_created_idx" ON "reflinks" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_reflink_id_reflinks_id_fk" FOREIGN KEY ("reflink_id") REFERENCES "public"."reflinks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_cpi" ADD CONSTRAINT "campaign_cpi_cpi_account_id_cpi_accounts_id_fk" FOREIGN KEY ("cpi_account_id") REFERENCES "public"."cpi_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "apps_created_idx" ON "apps" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "apps_title_lower_idx" ON "apps" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "apps_promotion_idx" ON "apps" USING btree ("promotion_value");--> statement-breakpoint
CREATE INDEX "apps_title_trgm_idx" ON "apps" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "apps_package_trgm_idx" ON "apps" USING gin ("package" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "billing_profiles_reflink_idx" ON "billing_profiles" USING btree ("reflink_id","total_payments");--> statement-breakpoint
CREATE INDEX "campaign_cpi_account_idx" ON "campaign_cpi" USING btree ("cpi_account_id");