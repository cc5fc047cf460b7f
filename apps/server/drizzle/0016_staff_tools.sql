CREATE TABLE "access_list_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_list_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"list_type" text NOT NULL,
	"category" text NOT NULL,
	"value" text NOT NULL,
	"date" date NOT NULL,
	"description" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_errors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "server_errors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"status" integer,
	"method" text,
	"url" text,
	"queue" text,
	"job_id" text,
	"message" text NOT NULL,
	"stack" text,
	"request_id" text,
	"user_id" integer
);
--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "impersonator_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonator_id" integer;--> statement-breakpoint
ALTER TABLE "access_list_entries" ADD CONSTRAINT "access_list_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_errors" ADD CONSTRAINT "server_errors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_list_entries_unique" ON "access_list_entries" USING btree ("list_type","category","value");--> statement-breakpoint
CREATE INDEX "access_list_entries_created_idx" ON "access_list_entries" USING btree ("created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "access_list_entries_category_idx" ON "access_list_entries" USING btree ("category","list_type");--> statement-breakpoint
CREATE INDEX "server_errors_created_idx" ON "server_errors" USING btree ("created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "server_errors_source_idx" ON "server_errors" USING btree ("source","created_at" desc);--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;