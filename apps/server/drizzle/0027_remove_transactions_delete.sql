-- Hand-written: `transactions.delete` guarded no route (the ledger is append-only, nothing deletes a transaction).
-- The function goes with its grants (role_function_grants cascade); the grants version moves on so every
-- process reloads its cached grants.
DELETE FROM "functions" WHERE "permission_name" = 'transactions.delete';--> statement-breakpoint
UPDATE "settings" SET "value" = to_jsonb(coalesce(("value" #>> '{}')::int, 0) + 1), "updated_at" = now()
  WHERE "key" = 'grants_version';
