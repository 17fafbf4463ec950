CREATE TABLE "copy_fund_days" (
	"fund_id" text NOT NULL,
	"date" text NOT NULL,
	"nav" numeric(20, 8) NOT NULL,
	"daily_profit_rate" numeric(20, 8) NOT NULL,
	"total_value" numeric(30, 8) NOT NULL,
	"units" numeric(30, 8) NOT NULL,
	"backtest" boolean NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "copy_fund_days_fund_id_date_pk" PRIMARY KEY("fund_id","date")
);
--> statement-breakpoint
CREATE TABLE "copy_funds" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"strategy_no" text NOT NULL,
	"currency" text NOT NULL,
	"market" text NOT NULL,
	"fund_user_id" text NOT NULL,
	"fund_size" numeric(30, 8) NOT NULL,
	"min_amount" numeric(30, 8) NOT NULL,
	"lockup_days" integer NOT NULL,
	"trade_cycle_days" integer NOT NULL,
	"copy_deadline" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"expected_return_rate" numeric(20, 8) NOT NULL,
	"performance_fee_rate" numeric(20, 8) NOT NULL,
	"service_fee_rate" numeric(20, 8) NOT NULL,
	"open" boolean NOT NULL,
	"state" text NOT NULL,
	"seed_capital" numeric(30, 8) NOT NULL,
	"units" numeric(30, 8) NOT NULL,
	"last_mark_date" text NOT NULL,
	"last_nav" numeric(20, 8) NOT NULL,
	"last_rate" numeric(20, 8),
	"rebalanced_on" text,
	"launched_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	CONSTRAINT "copy_funds_fund_user_id_unique" UNIQUE("fund_user_id"),
	CONSTRAINT "copy_funds_state_enum" CHECK ("copy_funds"."state" in ('running','closing','closed')),
	CONSTRAINT "copy_funds_units_non_negative" CHECK ("copy_funds"."units" >= 0),
	CONSTRAINT "copy_funds_nav_positive" CHECK ("copy_funds"."last_nav" > 0)
);
--> statement-breakpoint
CREATE TABLE "copy_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"fund_id" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"units" numeric(30, 8),
	"state" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"start_date" text NOT NULL,
	"lock_until" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_date" text,
	"profit" numeric(30, 8),
	"payout" numeric(30, 8),
	"performance_fee" numeric(30, 8),
	"service_fee" numeric(30, 8),
	"end_reason" text,
	CONSTRAINT "copy_subscriptions_state_enum" CHECK ("copy_subscriptions"."state" in ('active','ended')),
	CONSTRAINT "copy_subscriptions_amount_positive" CHECK ("copy_subscriptions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "copy_fund_days" ADD CONSTRAINT "copy_fund_days_fund_id_copy_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."copy_funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_subscriptions" ADD CONSTRAINT "copy_subscriptions_fund_id_copy_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."copy_funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "copy_funds_created_idx" ON "copy_funds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "copy_subscriptions_user_idx" ON "copy_subscriptions" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "copy_subscriptions_fund_idx" ON "copy_subscriptions" USING btree ("fund_id","state");