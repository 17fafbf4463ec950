CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" text NOT NULL,
	"state" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" text NOT NULL,
	"instrument_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"price_scale" integer NOT NULL,
	"source" text NOT NULL,
	"side" text NOT NULL,
	"order_type" text NOT NULL,
	"state" text NOT NULL,
	"lots" integer NOT NULL,
	"leverage" integer NOT NULL,
	"price" numeric(30, 8),
	"cost_price" numeric(30, 8),
	"close_price" numeric(30, 8),
	"contract_amount" numeric(30, 8) NOT NULL,
	"margin" numeric(30, 8) NOT NULL,
	"open_fee" numeric(30, 8) NOT NULL,
	"close_fee" numeric(30, 8),
	"stamp_duty" numeric(30, 8),
	"profit_loss" numeric(30, 8),
	"proceeds" numeric(30, 8),
	"settles_at" timestamp with time zone,
	"take_profit" numeric(30, 8),
	"stop_loss" numeric(30, 8),
	"buy_fee_rate" numeric(12, 8) NOT NULL,
	"sell_fee_rate" numeric(12, 8) NOT NULL,
	"stamp_duty_rate" numeric(12, 8) NOT NULL,
	"stop_out_ratio" numeric(12, 8) NOT NULL,
	"hold_minutes_min" integer NOT NULL,
	"t_plus_n_days" integer NOT NULL,
	"settlement_days" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"lock_until" timestamp with time zone,
	"min_hold_until" timestamp with time zone,
	"t_plus_until" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"cancel_reason" text,
	"close_reason" text,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "orders_state_enum" CHECK ("orders"."state" in ('pending','cancelled','holding','closing','locked','closed')),
	CONSTRAINT "orders_side_enum" CHECK ("orders"."side" in ('long','short')),
	CONSTRAINT "orders_type_enum" CHECK ("orders"."order_type" in ('limit','market')),
	CONSTRAINT "orders_lots_positive" CHECK ("orders"."lots" > 0)
);
--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_user_market_idx" ON "orders" USING btree ("user_id","market","state");--> statement-breakpoint
CREATE INDEX "orders_live_idx" ON "orders" USING btree ("state","instrument_id") WHERE state in ('pending','holding','locked','closing');--> statement-breakpoint
CREATE INDEX "orders_in_transit_idx" ON "orders" USING btree ("user_id","settles_at") WHERE settles_at is not null;