CREATE TABLE "ads_spend" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ads_spend_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" smallint DEFAULT 1 NOT NULL,
	"reflink_id" integer NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"amount" numeric(14, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketing_actions" ADD COLUMN "store" smallint;--> statement-breakpoint
ALTER TABLE "marketing_actions" ADD COLUMN "countries" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "marketing_actions" ADD COLUMN "products" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "marketing_actions" ADD COLUMN "price_plans" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "marketing_actions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ads_spend" ADD CONSTRAINT "ads_spend_reflink_id_reflinks_id_fk" FOREIGN KEY ("reflink_id") REFERENCES "public"."reflinks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ads_spend_date_idx" ON "ads_spend" USING btree ("date_from","id");--> statement-breakpoint
CREATE INDEX "ads_spend_amount_idx" ON "ads_spend" USING btree ("amount","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ads_spend_reflink_period_unique" ON "ads_spend" USING btree ("reflink_id","type","date_from","date_to");--> statement-breakpoint
CREATE INDEX "marketing_actions_start_idx" ON "marketing_actions" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "marketing_actions_countries_idx" ON "marketing_actions" USING gin ("countries");