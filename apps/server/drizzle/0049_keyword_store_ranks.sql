CREATE TABLE "keyword_store_ranks" (
	"appstore" smallint NOT NULL,
	"country_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"day" date NOT NULL,
	"position" smallint NOT NULL,
	"package" text NOT NULL,
	"title" text NOT NULL,
	"developer" text NOT NULL,
	CONSTRAINT "keyword_store_ranks_appstore_country_id_keyword_day_position_pk" PRIMARY KEY("appstore","country_id","keyword","day","position")
);
--> statement-breakpoint
ALTER TABLE "keyword_store_ranks" ADD CONSTRAINT "keyword_store_ranks_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "keywords_keyword_country_idx" ON "keywords" USING btree ("keyword","country_id");