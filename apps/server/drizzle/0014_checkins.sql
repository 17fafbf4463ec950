CREATE TABLE "checkins" (
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"timezone" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checkins_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "checkins_day_format" CHECK ("checkins"."day" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
