CREATE TABLE "loans" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"order_no" text NOT NULL,
	"currency" text NOT NULL,
	"principal" numeric(30, 8) NOT NULL,
	"daily_rate" numeric(20, 8) NOT NULL,
	"state" text NOT NULL,
	"settled" boolean DEFAULT false NOT NULL,
	"principal_repaid" numeric(30, 8) DEFAULT '0' NOT NULL,
	"interest_accrued" numeric(30, 8) DEFAULT '0' NOT NULL,
	"interest_repaid" numeric(30, 8) DEFAULT '0' NOT NULL,
	"accrued_on" text,
	"applied_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"reason" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "loans_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "loans_state_enum" CHECK ("loans"."state" in ('pending','approved','rejected')),
	CONSTRAINT "loans_amounts" CHECK ("loans"."principal" > 0 and "loans"."principal_repaid" >= 0 and "loans"."principal_repaid" <= "loans"."principal" and "loans"."interest_repaid" >= 0 and "loans"."interest_repaid" <= "loans"."interest_accrued"),
	CONSTRAINT "loans_settled_approved" CHECK (not "loans"."settled" or "loans"."state" = 'approved')
);
--> statement-breakpoint
CREATE TABLE "loan_quota_raises" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"state" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"reason" text,
	CONSTRAINT "loan_quota_raises_state_enum" CHECK ("loan_quota_raises"."state" in ('pending','approved','rejected')),
	CONSTRAINT "loan_quota_raises_amount_positive" CHECK ("loan_quota_raises"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","applied_at");--> statement-breakpoint
CREATE INDEX "loans_state_idx" ON "loans" USING btree ("state","applied_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_pending_per_user" ON "loans" USING btree ("user_id") WHERE "loans"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "loan_quota_raises_user_idx" ON "loan_quota_raises" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "loan_quota_raises_state_idx" ON "loan_quota_raises" USING btree ("state","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_quota_raises_one_pending_per_user" ON "loan_quota_raises" USING btree ("user_id") WHERE "loan_quota_raises"."state" = 'pending';