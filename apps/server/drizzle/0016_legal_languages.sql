-- Legal texts per language (docs/decisions.md "Demo content and personal messages"): the rows
-- stored so far are English; the key becomes (kind, version, lang).
ALTER TABLE "legal_documents" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_documents" DROP CONSTRAINT "legal_documents_kind_version_pk";--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_kind_version_lang_pk" PRIMARY KEY("kind","version","lang");
