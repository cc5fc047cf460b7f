CREATE TABLE "role_function_grants" (
	"role_id" integer NOT NULL,
	"function_id" integer NOT NULL,
	CONSTRAINT "role_function_grants_role_id_function_id_pk" PRIMARY KEY("role_id","function_id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_user_id" integer,
	"before" jsonb,
	"after" jsonb,
	"request_id" text,
	"ip" text
);
--> statement-breakpoint
ALTER TABLE "functions" DROP CONSTRAINT "functions_module_id_modules_id_fk";
--> statement-breakpoint
ALTER TABLE "functions" ALTER COLUMN "module_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "role_function_grants" ADD CONSTRAINT "role_function_grants_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_function_grants" ADD CONSTRAINT "role_function_grants_function_id_functions_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."functions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "audit_log_target_user_idx" ON "audit_log" USING btree ("target_user_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" desc);--> statement-breakpoint
ALTER TABLE "functions" ADD CONSTRAINT "functions_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "functions_module_idx" ON "functions" USING btree ("module_id");--> statement-breakpoint
-- The modules seeded before permissions were checked (named admin.<page>, read by nothing) make way for the
-- catalogue the server checks, which the seed creates with its default grants.
DELETE FROM "modules" WHERE "permission_name" LIKE 'admin.%';
