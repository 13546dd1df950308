DROP INDEX "users_phone_key";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_public_id_key" ON "sessions" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_verified_key" ON "users" USING btree ("phone") WHERE "users"."email_verified_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_unverified_created_idx" ON "users" USING btree ("created_at") WHERE "users"."email_verified_at" IS NULL;