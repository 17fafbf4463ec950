CREATE TABLE "alert_events" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"alert_id" text NOT NULL,
	"user_id" text NOT NULL,
	"instrument_id" text NOT NULL,
	"state" text NOT NULL,
	"price" numeric(30, 8),
	"trading_day" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"user_id" text NOT NULL,
	"instrument_id" text NOT NULL,
	"kind" text NOT NULL,
	"value" numeric(30, 8) NOT NULL,
	"repeat" text NOT NULL,
	"note" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"triggered_at" timestamp with time zone,
	"trigger_price" numeric(30, 8),
	"fired_day" text,
	"ended_at" timestamp with time zone,
	CONSTRAINT "alerts_state_enum" CHECK ("alerts"."state" in ('active','triggered','expired','cancelled')),
	CONSTRAINT "alerts_kind_enum" CHECK ("alerts"."kind" in ('price_above','price_below','change_up','change_down')),
	CONSTRAINT "alerts_repeat_enum" CHECK ("alerts"."repeat" in ('once','daily')),
	CONSTRAINT "alerts_value_positive" CHECK ("alerts"."value" > 0)
);
--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_events_seq_idx" ON "alert_events" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "alert_events_user_idx" ON "alert_events" USING btree ("user_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_events_one_fire_per_day" ON "alert_events" USING btree ("alert_id","trading_day") WHERE "alert_events"."trading_day" is not null;--> statement-breakpoint
CREATE INDEX "alerts_user_idx" ON "alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "alerts_active_idx" ON "alerts" USING btree ("instrument_id") WHERE "alerts"."state" = 'active';--> statement-breakpoint
CREATE INDEX "alerts_seq_idx" ON "alerts" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_one_active_duplicate" ON "alerts" USING btree ("user_id","instrument_id","kind","value","repeat") WHERE "alerts"."state" = 'active';