CREATE TABLE "performance_snapshots" (
	"user_id" text NOT NULL,
	"currency" text NOT NULL,
	"date" text NOT NULL,
	"value" numeric(30, 8) NOT NULL,
	"flow" numeric(30, 8) NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "performance_snapshots_source" CHECK ("performance_snapshots"."source" in ('close','journal')),
	CONSTRAINT "performance_snapshots_date_format" CHECK ("performance_snapshots"."date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "performance_snapshots_user_currency_date" ON "performance_snapshots" USING btree ("user_id","currency","date");--> statement-breakpoint
CREATE INDEX "performance_snapshots_date" ON "performance_snapshots" USING btree ("date");