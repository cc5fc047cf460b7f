ALTER TABLE "payments" ADD COLUMN "credited_mail_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: a payment credited before this outbox was mailed by a job queued with its credit, if at all: none is mailed again.
UPDATE "payments" SET "credited_mail_at" = "credited_at" WHERE "credited_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_credited_mail_due_idx" ON "payments" USING btree ("id") WHERE "payments"."status" = 'credited' and "payments"."type" = 'regular' and "payments"."credited_mail_at" is null;