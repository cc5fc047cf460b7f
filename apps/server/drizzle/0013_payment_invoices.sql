ALTER TABLE "payments" ADD COLUMN "invoice_file" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invoice_uploaded_at" timestamp with time zone;