ALTER TABLE "guaranteed_reviews" ADD COLUMN "review_id" integer;--> statement-breakpoint
ALTER TABLE "review_guarantees" ADD COLUMN "unreadable_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_guarantees" ADD COLUMN "unmonitored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guaranteed_reviews" ADD CONSTRAINT "guaranteed_reviews_review_id_campaign_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."campaign_reviews"("id") ON DELETE set null ON UPDATE no action;