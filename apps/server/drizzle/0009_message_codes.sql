ALTER TABLE "notices" ALTER COLUMN "title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "params" jsonb;--> statement-breakpoint
-- Messages written before they were codes keep their English title and content as the plain-text
-- params of `message.legacy` (shown as text, untranslated); the columns then hold notices only.
UPDATE "notices" SET "code" = 'message.legacy', "params" = jsonb_build_object('title', coalesce("title", ''), 'content', coalesce("content", '')), "title" = NULL, "content" = NULL WHERE "kind" = 'message';--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_kind_shape" CHECK (("notices"."kind" = 'notice' and "notices"."title" is not null and "notices"."content" is not null and "notices"."code" is null and "notices"."params" is null)
        or ("notices"."kind" = 'message' and "notices"."code" is not null and "notices"."params" is not null and "notices"."title" is null and "notices"."content" is null));