CREATE TABLE "plan_prices" (
	"plan_id" integer NOT NULL,
	"appstore" smallint NOT NULL,
	"type" smallint NOT NULL,
	"price" numeric(14, 4) NOT NULL,
	CONSTRAINT "plan_prices_plan_id_appstore_type_pk" PRIMARY KEY("plan_id","appstore","type")
);
--> statement-breakpoint
CREATE TABLE "price_plans" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"threshold" numeric(14, 4) NOT NULL,
	"discount" numeric(14, 4) NOT NULL,
	"is_reseller" boolean DEFAULT false NOT NULL,
	"sort" smallint NOT NULL,
	CONSTRAINT "price_plans_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "pricetags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pricetags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"appstore" smallint NOT NULL,
	"type" smallint NOT NULL,
	"price" numeric(14, 4) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"balance" numeric(14, 4) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_balance_check" CHECK ("accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "api_purchases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"credits" integer NOT NULL,
	"price" numeric(14, 4) NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"price_plan_id" integer NOT NULL,
	"referral_code" text NOT NULL,
	"referrer_id" integer,
	"total_payments" numeric(14, 4) DEFAULT '0' NOT NULL,
	"total_spent" numeric(14, 4) DEFAULT '0' NOT NULL,
	"referral_earned" numeric(14, 4) DEFAULT '0' NOT NULL,
	"api_token_hash" text,
	"api_token_hint" text,
	"api_credits" integer DEFAULT 500 NOT NULL,
	"api_paid_credits" integer DEFAULT 0 NOT NULL,
	"api_auto_refresh" boolean DEFAULT false NOT NULL,
	"api_credits_reset_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_profiles_api_credits_check" CHECK ("billing_profiles"."api_credits" >= 0 and "billing_profiles"."api_paid_credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bonus_grant_uses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_grant_uses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"grant_id" integer NOT NULL,
	"entry_id" uuid NOT NULL,
	"amount" numeric(14, 4) NOT NULL,
	"restored" numeric(14, 4) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_grants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"transaction_id" bigint,
	"amount" numeric(14, 4) NOT NULL,
	"remaining" numeric(14, 4) NOT NULL,
	"expires_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_grants_remaining_check" CHECK ("bonus_grants"."remaining" >= 0 and "bonus_grants"."remaining" <= "bonus_grants"."amount")
);
--> statement-breakpoint
CREATE TABLE "marketing_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketing_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"name" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_systems" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"min_amount" numeric(14, 4) NOT NULL,
	"max_amount" numeric(14, 4) NOT NULL,
	"fee_percent" numeric(14, 4) DEFAULT '0' NOT NULL,
	"vat_percent" numeric(14, 4),
	"bonus" boolean DEFAULT true NOT NULL,
	"bonus_max_amount" numeric(14, 4),
	"confirmations" smallint DEFAULT 0 NOT NULL,
	"auth" boolean DEFAULT false NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"paysystem_id" integer NOT NULL,
	"amount" numeric(14, 4) NOT NULL,
	"fee" numeric(14, 4) DEFAULT '0' NOT NULL,
	"vat" numeric(14, 4) DEFAULT '0' NOT NULL,
	"total" numeric(14, 4) NOT NULL,
	"bonus" numeric(14, 4) DEFAULT '0' NOT NULL,
	"type" text DEFAULT 'regular' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirmations" smallint DEFAULT 0 NOT NULL,
	"required_confirmations" smallint DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"external_id" text,
	"details" text,
	"description" text,
	"currency" text DEFAULT 'USD' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0 and "payments"."total" >= "payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"account" text NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(14, 4) NOT NULL,
	"balance_after" numeric(14, 4) NOT NULL,
	"entry_id" uuid NOT NULL,
	"related_entry_id" uuid,
	"reference_type" text,
	"reference_id" text,
	"description" text,
	"appstore" smallint,
	"package" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_amount_check" CHECK ("transactions"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "bonus_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"link" text NOT NULL,
	"comment" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reward" numeric(14, 4),
	"note" text,
	"reviewed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "referral_payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"amount" numeric(14, 4) NOT NULL,
	"method" text NOT NULL,
	"details" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"processed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "plan_prices" ADD CONSTRAINT "plan_prices_plan_id_price_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."price_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricetags" ADD CONSTRAINT "pricetags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_purchases" ADD CONSTRAINT "api_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_price_plan_id_price_plans_id_fk" FOREIGN KEY ("price_plan_id") REFERENCES "public"."price_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_grant_uses" ADD CONSTRAINT "bonus_grant_uses_grant_id_bonus_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."bonus_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_paysystem_id_payment_systems_id_fk" FOREIGN KEY ("paysystem_id") REFERENCES "public"."payment_systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_submissions" ADD CONSTRAINT "bonus_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_submissions" ADD CONSTRAINT "bonus_submissions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pricetags_user_store_type_unique" ON "pricetags" USING btree ("user_id","appstore","type");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_user_type_unique" ON "accounts" USING btree ("user_id","type");--> statement-breakpoint
CREATE INDEX "api_purchases_user_idx" ON "api_purchases" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_profiles_referral_code_unique" ON "billing_profiles" USING btree (upper("referral_code"));--> statement-breakpoint
CREATE UNIQUE INDEX "billing_profiles_api_token_unique" ON "billing_profiles" USING btree ("api_token_hash");--> statement-breakpoint
CREATE INDEX "billing_profiles_referrer_spent_idx" ON "billing_profiles" USING btree ("referrer_id","total_spent");--> statement-breakpoint
CREATE INDEX "bonus_grant_uses_entry_idx" ON "bonus_grant_uses" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "bonus_grants_user_open_idx" ON "bonus_grants" USING btree ("user_id","expires_at") WHERE "bonus_grants"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "bonus_grants_expiring_idx" ON "bonus_grants" USING btree ("expires_at") WHERE "bonus_grants"."remaining" > 0 and "bonus_grants"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "marketing_actions_type_start_idx" ON "marketing_actions" USING btree ("type","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_uuid_unique" ON "payments" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_unique" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_external_id_unique" ON "payments" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_user_status_created_idx" ON "payments" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transactions_user_created_idx" ON "transactions" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_user_account_created_idx" ON "transactions" USING btree ("user_id","account","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_user_type_created_idx" ON "transactions" USING btree ("user_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_account_idx" ON "transactions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "transactions_entry_idx" ON "transactions" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "transactions_related_entry_idx" ON "transactions" USING btree ("related_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_payment_once_unique" ON "transactions" USING btree ("type","reference_id") WHERE "transactions"."reference_type" = 'payment' and "transactions"."type" in ('top_up', 'payment_bonus', 'referral_commission');--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_submissions_user_type_unique" ON "bonus_submissions" USING btree ("user_id","type");--> statement-breakpoint
CREATE INDEX "bonus_submissions_status_created_idx" ON "bonus_submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "referral_payouts_user_created_idx" ON "referral_payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_payouts_status_created_idx" ON "referral_payouts" USING btree ("status","created_at");