CREATE TABLE "cards" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"holder" text NOT NULL,
	"card_number" text NOT NULL,
	"bank_name" text NOT NULL,
	"branch" text NOT NULL,
	"bank_code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"channel_snapshot" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"proof_image_id" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"reason" text,
	CONSTRAINT "deposits_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "kyc_submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"id_number" text NOT NULL,
	"front_image_id" text NOT NULL,
	"back_image_id" text NOT NULL,
	"state" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"address" text NOT NULL,
	"qr_image_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"fee" numeric(30, 8) NOT NULL,
	"destination_kind" text NOT NULL,
	"destination_id" text NOT NULL,
	"withdrawable_at_submit" numeric(30, 8) NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"reason" text,
	"paid_at" timestamp with time zone,
	CONSTRAINT "withdrawals_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cards_user_number_live" ON "cards" USING btree ("user_id","card_number") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_state_idx" ON "deposits" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_one_pending" ON "deposits" USING btree ("user_id") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "kyc_user_idx" ON "kyc_submissions" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "kyc_state_idx" ON "kyc_submissions" USING btree ("state","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_one_pending" ON "kyc_submissions" USING btree ("user_id") WHERE state = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_user_address_live" ON "wallets" USING btree ("user_id","type","address") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_state_idx" ON "withdrawals" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_one_pending" ON "withdrawals" USING btree ("user_id") WHERE state = 'pending';