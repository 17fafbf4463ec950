CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" text,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "uploads_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "uploads_purpose_enum" CHECK ("uploads"."purpose" in ('kyc_front','kyc_back','deposit_proof','wallet_qr')),
	CONSTRAINT "uploads_content_type_enum" CHECK ("uploads"."content_type" in ('image/jpeg','image/png','image/webp')),
	CONSTRAINT "uploads_used_pair" CHECK (("uploads"."used_at" is null) = ("uploads"."used_by" is null))
);
--> statement-breakpoint
CREATE INDEX "uploads_user_created_idx" ON "uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_unused_created_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."used_at" is null and "uploads"."deleted_at" is null;