CREATE TABLE "sandbox_panel_account" (
	"id" smallint PRIMARY KEY NOT NULL,
	"balance" numeric(18, 5) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_panel_account_one_row" CHECK ("sandbox_panel_account"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "sandbox_panel_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_panel_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"service" text NOT NULL,
	"link" text NOT NULL,
	"quantity" integer NOT NULL,
	"runs" integer,
	"interval" integer,
	"comments" text,
	"keywords" text,
	"charge" numeric(18, 5) NOT NULL,
	"final_status" text,
	"final_remains" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_panel_refills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_panel_refills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_panel_refills" ADD CONSTRAINT "sandbox_panel_refills_order_id_sandbox_panel_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sandbox_panel_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_panel_orders_open_idx" ON "sandbox_panel_orders" USING btree ("id") WHERE "sandbox_panel_orders"."final_status" is null;--> statement-breakpoint
-- The one account of the sandbox panel: a balance for a demo's orders to run down (staff see it on the vendor).
INSERT INTO "sandbox_panel_account" ("id", "balance", "currency") VALUES (1, 5000, 'USD');