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
CREATE UNIQUE INDEX "reflinks_code_unique" ON "reflinks" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "reflinks_created_idx" ON "reflinks" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_reflink_id_reflinks_id_fk" FOREIGN KEY ("reflink_id") REFERENCES "public"."reflinks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_profiles_reflink_idx" ON "billing_profiles" USING btree ("reflink_id","total_payments");