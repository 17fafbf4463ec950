CREATE TABLE "lending_products" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"daily_rate" numeric(12, 8) NOT NULL,
	"term_days" integer NOT NULL,
	"min_amount" numeric(30, 8) NOT NULL,
	"quota" numeric(30, 8) NOT NULL,
	"open" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lending_products_term_positive" CHECK ("lending_products"."term_days" > 0),
	CONSTRAINT "lending_products_rate_non_negative" CHECK ("lending_products"."daily_rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lending_records" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"daily_rate" numeric(12, 8) NOT NULL,
	"term_days" integer NOT NULL,
	"state" text NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"interest" numeric(30, 8),
	"completed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "lending_records_state_enum" CHECK ("lending_records"."state" in ('active','succeeded','failed','completed')),
	CONSTRAINT "lending_records_amount_positive" CHECK ("lending_records"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "day_trading_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"state" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"reason" text,
	CONSTRAINT "day_trading_state_enum" CHECK ("day_trading_applications"."state" in ('pending','approved','rejected'))
);
--> statement-breakpoint
ALTER TABLE "lending_records" ADD CONSTRAINT "lending_records_product_id_lending_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."lending_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lending_products_created_idx" ON "lending_products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lending_records_user_idx" ON "lending_records" USING btree ("user_id","applied_at");--> statement-breakpoint
CREATE INDEX "lending_records_product_idx" ON "lending_records" USING btree ("product_id","state");--> statement-breakpoint
CREATE INDEX "lending_records_active_idx" ON "lending_records" USING btree ("applied_at") WHERE state = 'active';--> statement-breakpoint
CREATE INDEX "lending_records_succeeded_idx" ON "lending_records" USING btree ("ends_at") WHERE state = 'succeeded';--> statement-breakpoint
CREATE INDEX "day_trading_user_idx" ON "day_trading_applications" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "day_trading_state_idx" ON "day_trading_applications" USING btree ("state","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "day_trading_one_pending" ON "day_trading_applications" USING btree ("user_id") WHERE state = 'pending';