CREATE TABLE "vendor_mappings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vendor_mappings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor_id" integer NOT NULL,
	"product_type" smallint NOT NULL,
	"store" smallint NOT NULL,
	"country_id" integer,
	"service" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_calls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vendor_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor_id" integer,
	"campaign_id" integer,
	"action" text NOT NULL,
	"latency_ms" integer NOT NULL,
	"outcome" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vendor_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"vendor_id" integer,
	"day" smallint NOT NULL,
	"order_id" integer NOT NULL,
	"service" text NOT NULL,
	"quantity" integer NOT NULL,
	"delivered_before" integer DEFAULT 0 NOT NULL,
	"panel_order" text,
	"state" text DEFAULT 'new' NOT NULL,
	"outcome" text,
	"status" text,
	"remains" integer,
	"charge" numeric(18, 5),
	"currency" text,
	"rerouted" boolean DEFAULT false NOT NULL,
	"failing_since" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Vendors from before speak the JSON protocol; a new vendor defaults to the panel protocol.
ALTER TABLE "vendors" ADD COLUMN "protocol" text DEFAULT 'json' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ALTER COLUMN "protocol" SET DEFAULT 'panel';--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "balance" numeric(18, 5);--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "balance_currency" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "balance_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "balance_threshold" numeric(18, 5);--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "balance_low" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "services" jsonb;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "services_currency" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "services_loaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_mappings" ADD CONSTRAINT "vendor_mappings_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_mappings" ADD CONSTRAINT "vendor_mappings_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_calls" ADD CONSTRAINT "vendor_calls_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_calls" ADD CONSTRAINT "vendor_calls_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_order_id_campaign_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."campaign_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_mappings_unique" ON "vendor_mappings" USING btree ("vendor_id","product_type","store",coalesce("country_id", 0));--> statement-breakpoint
CREATE INDEX "vendor_calls_campaign_idx" ON "vendor_calls" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE INDEX "vendor_calls_vendor_idx" ON "vendor_calls" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "vendor_orders_campaign_idx" ON "vendor_orders" USING btree ("campaign_id","order_id","day");--> statement-breakpoint
CREATE INDEX "vendor_orders_open_idx" ON "vendor_orders" USING btree ("id") WHERE "vendor_orders"."state" <> 'closed';--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_orders_live_unique" ON "vendor_orders" USING btree ("order_id","day") WHERE "vendor_orders"."state" <> 'closed';