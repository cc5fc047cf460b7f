CREATE TABLE "campaign_status_deltas" (
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_status_deltas" ADD CONSTRAINT "campaign_status_deltas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_status_deltas_user_idx" ON "campaign_status_deltas" USING btree ("user_id","status");--> statement-breakpoint
-- Hand-written: the trigger that appends the deltas, and the counts of the campaigns there are. A campaign that
-- goes with its owner (the cascade of a user's deletion) writes nothing: the owner's deltas go by their own cascade.
CREATE FUNCTION "campaign_status_delta"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND EXISTS (SELECT 1 FROM "users" WHERE "id" = OLD."user_id") THEN
    INSERT INTO "campaign_status_deltas" ("user_id", "status", "delta") VALUES (OLD."user_id", OLD."status", -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "campaign_status_deltas" ("user_id", "status", "delta") VALUES (NEW."user_id", NEW."status", 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "campaigns_status_delta_insert_delete" AFTER INSERT OR DELETE ON "campaigns"
  FOR EACH ROW EXECUTE FUNCTION "campaign_status_delta"();--> statement-breakpoint
CREATE TRIGGER "campaigns_status_delta_update" AFTER UPDATE OF "status", "user_id" ON "campaigns"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."user_id" IS DISTINCT FROM NEW."user_id")
  EXECUTE FUNCTION "campaign_status_delta"();--> statement-breakpoint
INSERT INTO "campaign_status_deltas" ("user_id", "status", "delta")
  SELECT "user_id", "status", count(*) FROM "campaigns" GROUP BY "user_id", "status";
