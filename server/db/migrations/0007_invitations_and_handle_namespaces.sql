-- User handles (/u/{handle}) and short handles (/{vanity}) are separate namespaces: one old name may redirect in each.
ALTER TABLE "handle_redirects" DROP CONSTRAINT "handle_redirects_pkey";--> statement-breakpoint
ALTER TABLE "handle_redirects" ADD CONSTRAINT "handle_redirects_kind_old_handle_pk" PRIMARY KEY("kind","old_handle");--> statement-breakpoint
-- Maintainers are invited: no rights until the user, or the organization's owners or admins, accept.
ALTER TABLE "collection_maintainers" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
-- Maintainers added before invitations existed keep their rights.
UPDATE "collection_maintainers" SET "accepted_at" = "created_at" WHERE "accepted_at" IS NULL;--> statement-breakpoint
-- The policy facts and the maintainers list look maintainers up by collection alone.
CREATE INDEX "collection_maintainers_collection_idx" ON "collection_maintainers" USING btree ("collection_id");
