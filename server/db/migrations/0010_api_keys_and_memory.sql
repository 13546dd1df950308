CREATE TABLE "api_key_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"key_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"prefix" text NOT NULL,
	"secret_digest" text NOT NULL,
	"previous_prefix" text,
	"previous_digest" text,
	"previous_valid_until" timestamp with time zone,
	"scopes" text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_user_id" uuid,
	"owner_org_id" uuid,
	"created_by" uuid NOT NULL,
	"managed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"expired_noted_at" timestamp with time zone,
	CONSTRAINT "api_keys_one_owner" CHECK (num_nonnulls("api_keys"."owner_user_id", "api_keys"."owner_org_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "memory_entities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_user_id" uuid,
	"owner_org_id" uuid,
	"owner_id" uuid GENERATED ALWAYS AS (coalesce(owner_user_id, owner_org_id)) STORED NOT NULL,
	"name" text NOT NULL,
	"entity_type" text NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memory_entities_one_owner" CHECK (num_nonnulls("memory_entities"."owner_user_id", "memory_entities"."owner_org_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "memory_observations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"content" text NOT NULL,
	"content_hash" text NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memory_provision_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"node_id" uuid,
	"citation" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memory_relations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"from_entity_id" uuid NOT NULL,
	"to_entity_id" uuid NOT NULL,
	"relation_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_key_events" ADD CONSTRAINT "api_key_events_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_owner_org_id_organizations_id_fk" FOREIGN KEY ("owner_org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_entities" ADD CONSTRAINT "memory_entities_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_entities" ADD CONSTRAINT "memory_entities_owner_org_id_organizations_id_fk" FOREIGN KEY ("owner_org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_observations" ADD CONSTRAINT "memory_observations_entity_id_memory_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."memory_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_provision_links" ADD CONSTRAINT "memory_provision_links_entity_id_memory_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."memory_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_provision_links" ADD CONSTRAINT "memory_provision_links_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_relations" ADD CONSTRAINT "memory_relations_from_entity_id_memory_entities_id_fk" FOREIGN KEY ("from_entity_id") REFERENCES "public"."memory_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_relations" ADD CONSTRAINT "memory_relations_to_entity_id_memory_entities_id_fk" FOREIGN KEY ("to_entity_id") REFERENCES "public"."memory_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_key_events_key_idx" ON "api_key_events" USING btree ("key_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_key_events_dedupe_key" ON "api_key_events" USING btree ("dedupe_key") WHERE "api_key_events"."dedupe_key" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_prefix_key" ON "api_keys" USING btree ("prefix");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_previous_prefix_key" ON "api_keys" USING btree ("previous_prefix") WHERE "api_keys"."previous_prefix" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_managed_user_key" ON "api_keys" USING btree ("owner_user_id") WHERE "api_keys"."managed";--> statement-breakpoint
CREATE INDEX "api_keys_owner_user_idx" ON "api_keys" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "api_keys_owner_org_idx" ON "api_keys" USING btree ("owner_org_id","created_at");--> statement-breakpoint
CREATE INDEX "api_keys_created_by_idx" ON "api_keys" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "memory_entities_owner_name_key" ON "memory_entities" USING btree ("owner_id","name");--> statement-breakpoint
CREATE INDEX "memory_entities_search_trgm_idx" ON "memory_entities" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "memory_observations_entity_hash_key" ON "memory_observations" USING btree ("entity_id","content_hash");--> statement-breakpoint
CREATE INDEX "memory_observations_owner_idx" ON "memory_observations" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "memory_observations_search_trgm_idx" ON "memory_observations" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "memory_provision_links_key" ON "memory_provision_links" USING btree ("entity_id","document_id","citation");--> statement-breakpoint
CREATE INDEX "memory_provision_links_owner_idx" ON "memory_provision_links" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memory_relations_key" ON "memory_relations" USING btree ("from_entity_id","to_entity_id","relation_type");--> statement-breakpoint
CREATE INDEX "memory_relations_to_idx" ON "memory_relations" USING btree ("to_entity_id");--> statement-breakpoint
CREATE INDEX "memory_relations_owner_idx" ON "memory_relations" USING btree ("owner_id");