ALTER TABLE "loans" DROP CONSTRAINT "loans_settled_approved";--> statement-breakpoint
ALTER TABLE "loans" DROP CONSTRAINT "loans_state_enum";--> statement-breakpoint
-- A repaid loan was `approved` with the flag `settled` (and its `settled_at`); it becomes the state
-- `settled` of the loan table (docs/api.md §3.10), keeping `settled_at`, before the flag goes.
UPDATE "loans" SET "state" = 'settled' WHERE "state" = 'approved' AND "settled";--> statement-breakpoint
ALTER TABLE "loans" DROP COLUMN "settled";--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_settled_at" CHECK (("loans"."state" = 'settled') = ("loans"."settled_at" is not null));--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_state_enum" CHECK ("loans"."state" in ('pending','approved','rejected','settled'));