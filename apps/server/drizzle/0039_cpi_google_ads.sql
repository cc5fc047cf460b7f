CREATE TABLE "campaign_google_ads" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"cpi_account_id" integer,
	"customer_id" text NOT NULL,
	"budget_resource" text,
	"campaign_resource" text,
	"criteria" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ad_group_resource" text,
	"ad_resource" text,
	"status" text,
	"time_zone" text,
	"start_date" date,
	"approval_status" text,
	"review_status" text,
	"policy_topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_kind" text,
	"error_detail" text,
	"error_at" timestamp with time zone,
	"reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpi_stats" (
	"campaign_id" integer NOT NULL,
	"date" date NOT NULL,
	"country" text NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" numeric(14, 2) DEFAULT '0' NOT NULL,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_google_ads" ADD CONSTRAINT "campaign_google_ads_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_google_ads" ADD CONSTRAINT "campaign_google_ads_cpi_account_id_cpi_accounts_id_fk" FOREIGN KEY ("cpi_account_id") REFERENCES "public"."cpi_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpi_stats" ADD CONSTRAINT "cpi_stats_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_google_ads_account_idx" ON "campaign_google_ads" USING btree ("cpi_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cpi_stats_campaign_date_country_unique" ON "cpi_stats" USING btree ("campaign_id","date","country");