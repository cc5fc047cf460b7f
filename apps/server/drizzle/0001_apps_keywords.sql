CREATE TABLE "app_countries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_countries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"app_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"alive" boolean DEFAULT true NOT NULL,
	"status_message" text,
	"icon" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"rating" double precision DEFAULT 0 NOT NULL,
	"content_rating" text DEFAULT '' NOT NULL,
	"is_pending" boolean DEFAULT true NOT NULL,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "apps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"appstore" smallint NOT NULL,
	"package" text NOT NULL,
	"country_id" integer NOT NULL,
	"title" text NOT NULL,
	"developer" text NOT NULL,
	"icon" text NOT NULL,
	"rating" double precision DEFAULT 0 NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"price" text DEFAULT '0' NOT NULL,
	"content_rating" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"is_alive" boolean DEFAULT true NOT NULL,
	"is_favorite" boolean DEFAULT false NOT NULL,
	"promotion_value" numeric(14, 4) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keyword_ranks" (
	"keyword_id" integer NOT NULL,
	"day" date NOT NULL,
	"rank" smallint,
	"state" text NOT NULL,
	"source" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "keyword_ranks_keyword_id_day_pk" PRIMARY KEY("keyword_id","day")
);
--> statement-breakpoint
CREATE TABLE "keywords" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "keywords_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"app_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"favorite" boolean DEFAULT false NOT NULL,
	"rank" smallint,
	"rank_state" text DEFAULT 'not_checked' NOT NULL,
	"change" smallint,
	"score" smallint,
	"searches" integer,
	"difficulty" smallint,
	"traffic" smallint,
	"stats_checked_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rank_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app_countries" ADD CONSTRAINT "app_countries_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_countries" ADD CONSTRAINT "app_countries_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apps" ADD CONSTRAINT "apps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apps" ADD CONSTRAINT "apps_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_ranks" ADD CONSTRAINT "keyword_ranks_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords" ADD CONSTRAINT "keywords_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords" ADD CONSTRAINT "keywords_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_updates" ADD CONSTRAINT "rank_updates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_updates" ADD CONSTRAINT "rank_updates_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_updates" ADD CONSTRAINT "rank_updates_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_countries_app_country_unique" ON "app_countries" USING btree ("app_id","country_id");--> statement-breakpoint
CREATE UNIQUE INDEX "apps_user_store_package_unique" ON "apps" USING btree ("user_id","appstore","package");--> statement-breakpoint
CREATE UNIQUE INDEX "apps_uuid_unique" ON "apps" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "apps_user_alive_created_idx" ON "apps" USING btree ("user_id","is_alive" DESC NULLS LAST,"created_at");--> statement-breakpoint
CREATE INDEX "apps_user_alive_favorite_idx" ON "apps" USING btree ("user_id","is_alive" DESC NULLS LAST,"is_favorite");--> statement-breakpoint
CREATE INDEX "apps_user_alive_title_idx" ON "apps" USING btree ("user_id","is_alive" DESC NULLS LAST,lower("title"));--> statement-breakpoint
CREATE INDEX "apps_user_alive_developer_idx" ON "apps" USING btree ("user_id","is_alive" DESC NULLS LAST,lower("developer"));--> statement-breakpoint
CREATE INDEX "apps_user_alive_promotion_idx" ON "apps" USING btree ("user_id","is_alive" DESC NULLS LAST,"promotion_value");--> statement-breakpoint
CREATE UNIQUE INDEX "keywords_app_country_keyword_unique" ON "keywords" USING btree ("app_id","country_id","keyword");--> statement-breakpoint
CREATE INDEX "keywords_app_country_rank_idx" ON "keywords" USING btree ("app_id","country_id","rank");--> statement-breakpoint
CREATE INDEX "keywords_app_country_score_idx" ON "keywords" USING btree ("app_id","country_id","score");--> statement-breakpoint
CREATE INDEX "keywords_app_country_searches_idx" ON "keywords" USING btree ("app_id","country_id","searches");--> statement-breakpoint
CREATE INDEX "keywords_app_country_favorite_idx" ON "keywords" USING btree ("app_id","country_id","favorite");--> statement-breakpoint
CREATE INDEX "keywords_app_country_checked_idx" ON "keywords" USING btree ("app_id","country_id","checked_at");--> statement-breakpoint
CREATE INDEX "keywords_checked_at_idx" ON "keywords" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "rank_updates_app_country_idx" ON "rank_updates" USING btree ("app_id","country_id","created_at");--> statement-breakpoint
CREATE INDEX "rank_updates_user_idx" ON "rank_updates" USING btree ("user_id");