CREATE TABLE "translation_provider_pauses" (
	"provider" text PRIMARY KEY NOT NULL,
	"paused_until" timestamp with time zone NOT NULL,
	"backoff_seconds" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "fragments_branch_language_seq_key";--> statement-breakpoint
ALTER TABLE "fragments" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "fragments" ADD COLUMN "translation_status" text;--> statement-breakpoint
ALTER TABLE "fragments" ADD COLUMN "stale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fragments" ADD COLUMN "stale_source_text" text;--> statement-breakpoint
ALTER TABLE "fragments" ADD COLUMN "translated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fragments" ADD CONSTRAINT "fragments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fragments_owner_idx" ON "fragments" USING btree ("owner_id") WHERE owner_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "fragments" ADD CONSTRAINT "fragments_branch_language_seq_key" UNIQUE NULLS NOT DISTINCT("branch_id","language_id","seq","owner_id");--> statement-breakpoint
ALTER TABLE "fragments" ADD CONSTRAINT "fragments_translation_status_check" CHECK ((owner_id IS NULL AND translation_status IS NULL) OR translation_status IN ('translated', 'reviewed'));