-- users.realname is the verified name: `real_name` inside (the wire keeps `realname`); renamed, so
-- every name stays. A new user's kyc_status is written from the contract's `kycTransitions`
-- (`register`), so the column keeps no default of its own.
ALTER TABLE "users" RENAME COLUMN "realname" TO "real_name";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "kyc_status" DROP DEFAULT;
