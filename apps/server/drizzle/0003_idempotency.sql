CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"path" text NOT NULL,
	"request_id" text NOT NULL,
	"body_hash" text NOT NULL,
	"state" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"http_status" integer,
	"response" jsonb,
	"started_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_path_request_id_pk" PRIMARY KEY("user_id","path","request_id")
);
