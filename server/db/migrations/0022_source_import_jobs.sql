CREATE TABLE "source_import_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"acts" jsonb NOT NULL,
	"languages" text[],
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "source_import_jobs_status_check" CHECK ("source_import_jobs"."status" IN ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "source_import_jobs_kind_check" CHECK ("source_import_jobs"."kind" IN ('import', 'starter_set'))
);
--> statement-breakpoint
ALTER TABLE "source_import_jobs" ADD CONSTRAINT "source_import_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "source_import_jobs_created_idx" ON "source_import_jobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "source_import_jobs_active_idx" ON "source_import_jobs" USING btree ("status") WHERE "source_import_jobs"."status" IN ('queued', 'running');