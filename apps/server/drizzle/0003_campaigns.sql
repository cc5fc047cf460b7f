CREATE TABLE "campaign_order_days" (
	"order_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"installs_total" integer NOT NULL,
	"installs_actual" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_order_days_order_id_day_pk" PRIMARY KEY("order_id","day")
);
--> statement-breakpoint
CREATE TABLE "campaign_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"keyword" text,
	"installs_total" integer NOT NULL,
	"installs_actual" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_status_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"app_id" integer,
	"appstore" smallint NOT NULL,
	"package" text NOT NULL,
	"country_id" integer NOT NULL,
	"product_type" smallint NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"days" integer NOT NULL,
	"installs" integer NOT NULL,
	"installs_total" integer NOT NULL,
	"installs_actual" integer DEFAULT 0 NOT NULL,
	"unit_price" numeric(14, 4) NOT NULL,
	"price" numeric(14, 4) NOT NULL,
	"charged" numeric(14, 4) DEFAULT '0' NOT NULL,
	"charge_entry_id" text,
	"description" text DEFAULT '' NOT NULL,
	"settings" jsonb NOT NULL,
	"vendor" text DEFAULT 'sandbox' NOT NULL,
	"is_legacy" boolean DEFAULT false NOT NULL,
	"start_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"progress_ms" bigint DEFAULT 0 NOT NULL,
	"clock_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_order_days" ADD CONSTRAINT "campaign_order_days_order_id_campaign_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."campaign_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_orders" ADD CONSTRAINT "campaign_orders_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_status_history" ADD CONSTRAINT "campaign_status_history_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_status_history" ADD CONSTRAINT "campaign_status_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_orders_campaign_idx" ON "campaign_orders" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaign_status_history_campaign_idx" ON "campaign_status_history" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE INDEX "campaigns_user_status_created_idx" ON "campaigns" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_user_created_idx" ON "campaigns" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_user_type_created_idx" ON "campaigns" USING btree ("user_id","product_type","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_user_package_idx" ON "campaigns" USING btree ("user_id","appstore","package");--> statement-breakpoint
CREATE INDEX "campaigns_running_idx" ON "campaigns" USING btree ("status","start_at") WHERE "campaigns"."status" in ('active', 'delayed');