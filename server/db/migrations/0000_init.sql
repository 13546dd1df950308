-- Trigram matching for typo-tolerant autocomplete; a trusted extension on PostgreSQL 13+ and bundled with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "alignment_groups" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"branch_id" uuid NOT NULL,
	"node_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"document_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"valid_from" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content_hash" text NOT NULL,
	"source_file" text,
	"node_count" integer DEFAULT 0 NOT NULL,
	"fragment_count" integer DEFAULT 0 NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"external_key" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"published_date" date,
	"effective_date" date,
	"expiry_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fragments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"branch_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	"language_id" smallint NOT NULL,
	"seq" integer NOT NULL,
	"cite_key" text,
	"fragment_uid" text NOT NULL,
	"group_id" uuid NOT NULL,
	"has_text" boolean NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"language_id" smallint PRIMARY KEY NOT NULL,
	"iso_639_1" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "languages_iso_639_1_unique" UNIQUE("iso_639_1")
);
--> statement-breakpoint
CREATE TABLE "nodes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"branch_id" uuid NOT NULL,
	"node_type" text NOT NULL,
	"type" text NOT NULL,
	"title" text,
	"cite_key" text,
	"external_id" text NOT NULL,
	"order_index" integer NOT NULL,
	"depth" smallint NOT NULL,
	"derived_parent_id" uuid
);
--> statement-breakpoint
CREATE TABLE "spans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fragment_id" uuid NOT NULL,
	"abs_start" integer NOT NULL,
	"abs_end" integer NOT NULL,
	"metadata" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tm_segments" (
	"unit_id" uuid NOT NULL,
	"language_id" smallint NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tm_units" (
	"id" uuid PRIMARY KEY NOT NULL,
	"document_id" uuid NOT NULL,
	"seq" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alignment_groups" ADD CONSTRAINT "alignment_groups_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fragments" ADD CONSTRAINT "fragments_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fragments" ADD CONSTRAINT "fragments_language_id_languages_language_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("language_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spans" ADD CONSTRAINT "spans_fragment_id_fragments_id_fk" FOREIGN KEY ("fragment_id") REFERENCES "public"."fragments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tm_segments" ADD CONSTRAINT "tm_segments_unit_id_tm_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."tm_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tm_segments" ADD CONSTRAINT "tm_segments_language_id_languages_language_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("language_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tm_units" ADD CONSTRAINT "tm_units_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "branches_document_valid_from_key" ON "branches" USING btree ("document_id","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "branches_document_name_key" ON "branches" USING btree ("document_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_external_id_key" ON "documents" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "documents_external_key_idx" ON "documents" USING btree ("external_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "documents_search_text_trgm_idx" ON "documents" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "fragments_branch_language_seq_key" ON "fragments" USING btree ("branch_id","language_id","seq");--> statement-breakpoint
CREATE INDEX "fragments_branch_uid_idx" ON "fragments" USING btree ("branch_id","fragment_uid");--> statement-breakpoint
CREATE INDEX "fragments_group_idx" ON "fragments" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "fragments_node_idx" ON "fragments" USING btree ("node_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nodes_branch_order_key" ON "nodes" USING btree ("branch_id","order_index");--> statement-breakpoint
CREATE UNIQUE INDEX "nodes_branch_external_id_key" ON "nodes" USING btree ("branch_id","external_id");--> statement-breakpoint
CREATE INDEX "spans_fragment_idx" ON "spans" USING btree ("fragment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tm_segments_unit_language_key" ON "tm_segments" USING btree ("unit_id","language_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tm_units_document_seq_key" ON "tm_units" USING btree ("document_id","seq");