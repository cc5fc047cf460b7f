CREATE TABLE "client_sales" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_sales_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_sales_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manager_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "manager_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"manager_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "client_sales" ADD CONSTRAINT "client_sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_sales" ADD CONSTRAINT "client_sales_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_sales_history" ADD CONSTRAINT "client_sales_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_sales_history" ADD CONSTRAINT "client_sales_history_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_requests" ADD CONSTRAINT "manager_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_requests" ADD CONSTRAINT "manager_requests_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_sales_status_idx" ON "client_sales" USING btree ("status");--> statement-breakpoint
CREATE INDEX "client_sales_history_user_idx" ON "client_sales_history" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "manager_requests_one_open" ON "manager_requests" USING btree ("user_id") WHERE "manager_requests"."status" <> 'assigned';--> statement-breakpoint
CREATE INDEX "manager_requests_user_idx" ON "manager_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "users_manager_id_idx" ON "users" USING btree ("manager_id","id");--> statement-breakpoint
CREATE INDEX "users_country_id_idx" ON "users" USING btree ("country","id");--> statement-breakpoint
CREATE INDEX "payments_credited_idx" ON "payments" USING btree ("credited_at") WHERE "payments"."status" = 'credited';