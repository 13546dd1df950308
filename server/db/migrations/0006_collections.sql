CREATE TABLE "collection_items" (
	"collection_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"note" text,
	"as_of" date,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_items_pkey" PRIMARY KEY("collection_id","document_id"),
	CONSTRAINT "collection_items_note_length" CHECK (char_length("collection_items"."note") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "collection_maintainers" (
	"collection_id" uuid NOT NULL,
	"user_id" uuid,
	"org_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_maintainers_one_kind" CHECK (num_nonnulls("collection_maintainers"."user_id", "collection_maintainers"."org_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "collection_redirects" (
	"owner_user_id" uuid,
	"owner_org_id" uuid,
	"old_slug" text NOT NULL,
	"collection_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_redirects_one_owner" CHECK (num_nonnulls("collection_redirects"."owner_user_id", "collection_redirects"."owner_org_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_user_id" uuid,
	"owner_org_id" uuid,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"visibility" text DEFAULT 'private' NOT NULL,
	"vanity_handle" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_one_owner" CHECK (num_nonnulls("collections"."owner_user_id", "collections"."owner_org_id") = 1),
	CONSTRAINT "collections_name_length" CHECK (char_length("collections"."name") BETWEEN 1 AND 120),
	CONSTRAINT "collections_description_length" CHECK (char_length("collections"."description") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "handle_redirects" (
	"old_handle" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"collection_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handle_redirects_one_target" CHECK (num_nonnulls("handle_redirects"."user_id", "handle_redirects"."collection_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_maintainers" ADD CONSTRAINT "collection_maintainers_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_maintainers" ADD CONSTRAINT "collection_maintainers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_maintainers" ADD CONSTRAINT "collection_maintainers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_redirects" ADD CONSTRAINT "collection_redirects_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_redirects" ADD CONSTRAINT "collection_redirects_owner_org_id_organizations_id_fk" FOREIGN KEY ("owner_org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_redirects" ADD CONSTRAINT "collection_redirects_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_owner_org_id_organizations_id_fk" FOREIGN KEY ("owner_org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handle_redirects" ADD CONSTRAINT "handle_redirects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handle_redirects" ADD CONSTRAINT "handle_redirects_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_items_position_idx" ON "collection_items" USING btree ("collection_id","position");--> statement-breakpoint
CREATE INDEX "collection_items_document_idx" ON "collection_items" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_maintainers_user_key" ON "collection_maintainers" USING btree ("collection_id","user_id") WHERE "collection_maintainers"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_maintainers_org_key" ON "collection_maintainers" USING btree ("collection_id","org_id") WHERE "collection_maintainers"."org_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "collection_maintainers_user_idx" ON "collection_maintainers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "collection_maintainers_org_idx" ON "collection_maintainers" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_redirects_user_slug_key" ON "collection_redirects" USING btree ("owner_user_id","old_slug") WHERE "collection_redirects"."owner_user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_redirects_org_slug_key" ON "collection_redirects" USING btree ("owner_org_id","old_slug") WHERE "collection_redirects"."owner_org_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "collection_redirects_collection_idx" ON "collection_redirects" USING btree ("collection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_user_slug_key" ON "collections" USING btree ("owner_user_id","slug") WHERE "collections"."owner_user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "collections_org_slug_key" ON "collections" USING btree ("owner_org_id","slug") WHERE "collections"."owner_org_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "collections_vanity_handle_key" ON "collections" USING btree ("vanity_handle");--> statement-breakpoint
CREATE INDEX "collections_visibility_idx" ON "collections" USING btree ("visibility","id");