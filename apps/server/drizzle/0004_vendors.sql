CREATE TABLE "vendor_countries" (
	"vendor_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"is_active" boolean NOT NULL,
	CONSTRAINT "vendor_countries_vendor_id_country_id_pk" PRIMARY KEY("vendor_id","country_id")
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vendors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store" smallint,
	"name" text NOT NULL,
	"country_id" integer,
	"mature" boolean DEFAULT false NOT NULL,
	"products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"share" numeric(5, 2) DEFAULT '100' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "vendor_id" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "partner" text;--> statement-breakpoint
ALTER TABLE "vendor_countries" ADD CONSTRAINT "vendor_countries_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_countries" ADD CONSTRAINT "vendor_countries_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendors_name_idx" ON "vendors" USING btree ("name");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;