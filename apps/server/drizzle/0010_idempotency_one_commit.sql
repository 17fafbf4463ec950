-- Claims of the old two-commit scheme still `in_progress` have no committed effect (the effect's
-- transaction marked its claim done): drop them, so a retry executes.
DELETE FROM "idempotency_keys" WHERE "state" <> 'done';--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "http_status" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "response" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "state";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "attempt";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "started_at";