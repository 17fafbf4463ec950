-- Existing orders were priced on whole units (a lot was one share or one coin): they keep lot size 1.
ALTER TABLE "orders" ADD COLUMN "lot_size" numeric(20, 8) NOT NULL DEFAULT '1';--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "lot_size" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_lot_size_positive" CHECK ("orders"."lot_size" > 0);
