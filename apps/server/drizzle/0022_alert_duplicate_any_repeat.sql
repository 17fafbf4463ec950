-- §22.1: an alert is a duplicate of an active one with the same instrument, kind and value, whatever
-- its repeat. Active twins that differ only in repeat (allowed before) keep the oldest; the others
-- end as cancelled, with their history row, before the narrower unique index is built.
UPDATE "alerts" SET "state" = 'cancelled', "ended_at" = now()
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "user_id", "instrument_id", "kind", "value" ORDER BY "created_at", "seq") AS "rank"
    FROM "alerts" WHERE "state" = 'active'
  ) AS "twins" WHERE "rank" > 1
);--> statement-breakpoint
INSERT INTO "alert_events" ("id", "alert_id", "user_id", "instrument_id", "state", "at")
SELECT 'ae_m22_' || "id", "id", "user_id", "instrument_id", 'cancelled', "ended_at"
FROM "alerts" WHERE "state" = 'cancelled' AND "ended_at" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "alert_events" e WHERE e."alert_id" = "alerts"."id" AND e."state" = 'cancelled');--> statement-breakpoint
DROP INDEX "alerts_one_active_duplicate";--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_one_active_duplicate" ON "alerts" USING btree ("user_id","instrument_id","kind","value") WHERE "alerts"."state" = 'active';
