-- Hand-written: payment system 34 (transfer between accounts) is the customers' Transfers page, and its active switch
-- now gates it. On, as transfers worked whatever the switch said; its description says what it is.
UPDATE "payment_systems" SET "is_active" = true, "updated_at" = now() WHERE "id" = 34;--> statement-breakpoint
UPDATE "payment_systems" SET "description" = 'From your main balance to another Storelift account' WHERE "id" = 34 AND "description" = 'Entered by staff';
