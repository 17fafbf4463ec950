CREATE TABLE "new_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"instrument_id" text NOT NULL,
	"issue_price" numeric(30, 8) NOT NULL,
	"shares_offered" bigint NOT NULL,
	"min_shares" integer NOT NULL,
	"min_investment" numeric(30, 8) NOT NULL,
	"placement_tiers" jsonb,
	"max_applications_per_user" integer NOT NULL,
	"apply_start" timestamp with time zone NOT NULL,
	"apply_end" timestamp with time zone NOT NULL,
	"draw_date" text NOT NULL,
	"payment_deadline" timestamp with time zone NOT NULL,
	"distribution_date" text NOT NULL,
	"listing_date" text NOT NULL,
	"issue_market" text NOT NULL,
	"sponsor_broker" text NOT NULL,
	"payment_mode" text NOT NULL,
	"channel_open" boolean NOT NULL,
	"channel_password_required" boolean NOT NULL,
	"channel_password_hash" text,
	"lock_days" integer NOT NULL,
	"draw_seed" text NOT NULL,
	"draw_seed_hash" text NOT NULL,
	"drawn_at" timestamp with time zone,
	"total_subscription" bigint,
	"winners_count" integer,
	"winning_rate" numeric(12, 8),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "new_shares_code_unique" UNIQUE("code"),
	CONSTRAINT "new_shares_instrument_id_unique" UNIQUE("instrument_id"),
	CONSTRAINT "new_shares_kind_enum" CHECK ("new_shares"."kind" in ('ipo','placement','capital_increase')),
	CONSTRAINT "new_shares_payment_mode_enum" CHECK ("new_shares"."payment_mode" in ('prepaid','on_allotment')),
	CONSTRAINT "new_shares_window" CHECK ("new_shares"."apply_start" < "new_shares"."apply_end" and "new_shares"."apply_end" <= "new_shares"."payment_deadline"),
	CONSTRAINT "new_shares_offered_positive" CHECK ("new_shares"."shares_offered" > 0 and "new_shares"."min_shares" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subscription_id" text NOT NULL,
	"state" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"new_share_id" text NOT NULL,
	"state" text NOT NULL,
	"payment_mode" text NOT NULL,
	"currency" text NOT NULL,
	"quantity" integer NOT NULL,
	"issue_price" numeric(30, 8) NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"frozen_amount" numeric(30, 8) NOT NULL,
	"allotted_quantity" integer DEFAULT 0 NOT NULL,
	"amount_payable" numeric(30, 8) DEFAULT '0' NOT NULL,
	"amount_paid" numeric(30, 8) DEFAULT '0' NOT NULL,
	"order_id" text,
	"applied_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscriptions_state_enum" CHECK ("subscriptions"."state" in ('applied','pending_draw','won','lost','awaiting_payment','paid','waived','payment_failed','listed')),
	CONSTRAINT "subscriptions_quantity_positive" CHECK ("subscriptions"."quantity" > 0 and "subscriptions"."allotted_quantity" >= 0 and "subscriptions"."allotted_quantity" <= "subscriptions"."quantity")
);
--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_new_share_id_new_shares_id_fk" FOREIGN KEY ("new_share_id") REFERENCES "public"."new_shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "new_shares_kind_end_idx" ON "new_shares" USING btree ("kind","apply_end");--> statement-breakpoint
CREATE INDEX "subscription_events_sub_idx" ON "subscription_events" USING btree ("subscription_id","id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","applied_at");--> statement-breakpoint
CREATE INDEX "subscriptions_share_state_idx" ON "subscriptions" USING btree ("new_share_id","state");