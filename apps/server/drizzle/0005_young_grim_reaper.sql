CREATE TABLE "campaign_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"rates" smallint NOT NULL,
	"gender" text NOT NULL,
	"language" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "api_url" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "api_key" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "seed_key" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "favorite" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "moderation_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_reviews" ADD CONSTRAINT "campaign_reviews_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_reviews_campaign_idx" ON "campaign_reviews" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_seed_key_unique" ON "vendors" USING btree ("seed_key");--> statement-breakpoint
CREATE INDEX "campaigns_user_favorite_idx" ON "campaigns" USING btree ("user_id","created_at") WHERE "campaigns"."favorite";