CREATE TABLE "block_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"kind" text NOT NULL,
	"instrument_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"shares" integer NOT NULL,
	"price" numeric(30, 8) NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"fee" numeric(30, 8) NOT NULL,
	"lock_days" integer NOT NULL,
	"trading_day" text NOT NULL,
	"state" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"reason" text,
	"order_id" text,
	CONSTRAINT "block_applications_state_enum" CHECK ("block_applications"."state" in ('pending','approved','rejected')),
	CONSTRAINT "block_applications_shares_positive" CHECK ("block_applications"."shares" > 0)
);
--> statement-breakpoint
CREATE TABLE "block_products" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"instrument_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"price" numeric(30, 8) NOT NULL,
	"min_shares" integer NOT NULL,
	"daily_limit" integer,
	"lock_days" integer NOT NULL,
	"open" boolean NOT NULL,
	"secret_key_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "block_products_kind_enum" CHECK ("block_products"."kind" in ('block','agreement')),
	CONSTRAINT "block_products_limits" CHECK ("block_products"."min_shares" > 0 and "block_products"."lock_days" >= 0 and ("block_products"."daily_limit" is null or "block_products"."daily_limit" > 0))
);
--> statement-breakpoint
ALTER TABLE "block_applications" ADD CONSTRAINT "block_applications_product_id_block_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."block_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "block_applications_user_idx" ON "block_applications" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "block_applications_daily_idx" ON "block_applications" USING btree ("user_id","product_id","trading_day");--> statement-breakpoint
CREATE INDEX "block_applications_pending_idx" ON "block_applications" USING btree ("state","submitted_at");--> statement-breakpoint
CREATE INDEX "block_products_market_idx" ON "block_products" USING btree ("market","created_at");