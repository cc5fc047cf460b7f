CREATE TABLE "sandbox_google_ads_ad_groups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_google_ads_ad_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 16000000001 CACHE 1),
	"campaign_id" bigint NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_google_ads_ads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_google_ads_ads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 70000000001 CACHE 1),
	"ad_group_id" bigint NOT NULL,
	"status" text NOT NULL,
	"headlines" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"policy_topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_google_ads_budgets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_google_ads_budgets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 14000000001 CACHE 1),
	"customer_id" text NOT NULL,
	"name" text NOT NULL,
	"amount_micros" bigint NOT NULL,
	"delivery_method" text DEFAULT 'STANDARD' NOT NULL,
	"explicitly_shared" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_google_ads_campaigns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_google_ads_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 21000000001 CACHE 1),
	"customer_id" text NOT NULL,
	"name" text NOT NULL,
	"budget_id" bigint NOT NULL,
	"status" text NOT NULL,
	"app_id" text NOT NULL,
	"app_store" text NOT NULL,
	"bidding_goal" text NOT NULL,
	"target_cpa_micros" bigint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"served_ms" bigint DEFAULT 0 NOT NULL,
	"enabled_since" timestamp with time zone,
	"terms" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_google_ads_criteria" (
	"campaign_id" bigint NOT NULL,
	"criterion_id" bigint NOT NULL,
	"negative" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_google_ads_criteria_campaign_id_criterion_id_pk" PRIMARY KEY("campaign_id","criterion_id")
);
--> statement-breakpoint
ALTER TABLE "sandbox_google_ads_ad_groups" ADD CONSTRAINT "sandbox_google_ads_ad_groups_campaign_id_sandbox_google_ads_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."sandbox_google_ads_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_google_ads_ads" ADD CONSTRAINT "sandbox_google_ads_ads_ad_group_id_sandbox_google_ads_ad_groups_id_fk" FOREIGN KEY ("ad_group_id") REFERENCES "public"."sandbox_google_ads_ad_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_google_ads_campaigns" ADD CONSTRAINT "sandbox_google_ads_campaigns_budget_id_sandbox_google_ads_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."sandbox_google_ads_budgets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_google_ads_criteria" ADD CONSTRAINT "sandbox_google_ads_criteria_campaign_id_sandbox_google_ads_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."sandbox_google_ads_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_google_ads_ad_groups_name_unique" ON "sandbox_google_ads_ad_groups" USING btree ("campaign_id","name") WHERE "sandbox_google_ads_ad_groups"."status" <> 'REMOVED';--> statement-breakpoint
CREATE INDEX "sandbox_google_ads_ads_ad_group_idx" ON "sandbox_google_ads_ads" USING btree ("ad_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_google_ads_budgets_name_unique" ON "sandbox_google_ads_budgets" USING btree ("customer_id","name") WHERE "sandbox_google_ads_budgets"."status" <> 'REMOVED';--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_google_ads_campaigns_name_unique" ON "sandbox_google_ads_campaigns" USING btree ("customer_id","name") WHERE "sandbox_google_ads_campaigns"."status" <> 'REMOVED';--> statement-breakpoint
CREATE INDEX "sandbox_google_ads_campaigns_customer_idx" ON "sandbox_google_ads_campaigns" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "sandbox_google_ads_campaigns_budget_idx" ON "sandbox_google_ads_campaigns" USING btree ("budget_id");