CREATE TABLE "proof_currencies" (
	"proof_id" text NOT NULL,
	"currency" text NOT NULL,
	"root" text NOT NULL,
	"total" text NOT NULL,
	"leaves" integer NOT NULL,
	"floored_accounts" integer NOT NULL,
	CONSTRAINT "proof_currencies_proof_id_currency_pk" PRIMARY KEY("proof_id","currency")
);
--> statement-breakpoint
CREATE TABLE "proof_leaves" (
	"proof_id" text NOT NULL,
	"currency" text NOT NULL,
	"user_id" text NOT NULL,
	"idx" integer NOT NULL,
	"nonce" text NOT NULL,
	"balance" text NOT NULL,
	CONSTRAINT "proof_leaves_proof_id_currency_user_id_pk" PRIMARY KEY("proof_id","currency","user_id")
);
--> statement-breakpoint
CREATE TABLE "proof_nodes" (
	"proof_id" text NOT NULL,
	"currency" text NOT NULL,
	"level" integer NOT NULL,
	"chunk" integer NOT NULL,
	"count" integer NOT NULL,
	"hashes" "bytea" NOT NULL,
	"sums" "bytea" NOT NULL,
	CONSTRAINT "proof_nodes_proof_id_currency_level_chunk_pk" PRIMARY KEY("proof_id","currency","level","chunk")
);
--> statement-breakpoint
CREATE TABLE "proof_reserves" (
	"proof_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount" text NOT NULL,
	CONSTRAINT "proof_reserves_proof_id_currency_pk" PRIMARY KEY("proof_id","currency")
);
--> statement-breakpoint
CREATE TABLE "proofs" (
	"id" text PRIMARY KEY NOT NULL,
	"scheduled_for" timestamp with time zone,
	"as_of" timestamp with time zone NOT NULL,
	"origin" text NOT NULL,
	"reason" text,
	"created_by" text
);
--> statement-breakpoint
ALTER TABLE "proof_currencies" ADD CONSTRAINT "proof_currencies_proof_id_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_leaves" ADD CONSTRAINT "proof_leaves_proof_id_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_nodes" ADD CONSTRAINT "proof_nodes_proof_id_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_reserves" ADD CONSTRAINT "proof_reserves_proof_id_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proofs_scheduled_for_key" ON "proofs" USING btree ("scheduled_for") WHERE "proofs"."scheduled_for" is not null;--> statement-breakpoint
CREATE INDEX "proofs_as_of_idx" ON "proofs" USING btree ("as_of");