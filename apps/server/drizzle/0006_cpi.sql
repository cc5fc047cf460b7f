CREATE TABLE "vendor_placements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vendor_placements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"vendor_id" integer,
	"ref" text,
	"state" text DEFAULT 'new' NOT NULL,
	"failing_since" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_cpi" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"daily_budget" numeric(14, 4) NOT NULL,
	"unlimited" boolean DEFAULT false NOT NULL,
	"geo" jsonb NOT NULL,
	"levels" jsonb NOT NULL,
	"countries" jsonb NOT NULL,
	"languages" jsonb NOT NULL,
	"headline1" text NOT NULL,
	"headline2" text NOT NULL,
	"ad_text" text NOT NULL,
	"deeplink" text,
	"refund_due_at" timestamp with time zone,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "vendor_placements" ADD CONSTRAINT "vendor_placements_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_placements" ADD CONSTRAINT "vendor_placements_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_cpi" ADD CONSTRAINT "campaign_cpi_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_placements_campaign_idx" ON "vendor_placements" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "vendor_placements_open_idx" ON "vendor_placements" USING btree ("id") WHERE "vendor_placements"."state" <> 'closed';--> statement-breakpoint
CREATE INDEX "campaign_cpi_refund_due_idx" ON "campaign_cpi" USING btree ("refund_due_at") WHERE "campaign_cpi"."refund_due_at" is not null and "campaign_cpi"."refunded_at" is null;--> statement-breakpoint
CREATE INDEX "campaigns_status_id_idx" ON "campaigns" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "campaigns_status_created_idx" ON "campaigns" USING btree ("status","created_at","id");