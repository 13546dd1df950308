CREATE TABLE "login_devices" (
	"user_id" uuid NOT NULL,
	"device_hash" text NOT NULL,
	"last_signed_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_devices_pkey" PRIMARY KEY("user_id","device_hash")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"account_key" text NOT NULL,
	"source_key" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "login_failures_pkey" PRIMARY KEY("account_key","source_key")
);
--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"account_key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "login_devices" ADD CONSTRAINT "login_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_devices_last_signed_in_idx" ON "login_devices" USING btree ("last_signed_in_at");--> statement-breakpoint
CREATE INDEX "login_failures_last_failed_idx" ON "login_failures" USING btree ("last_failed_at");--> statement-breakpoint
CREATE INDEX "login_throttles_last_failed_idx" ON "login_throttles" USING btree ("last_failed_at");--> statement-breakpoint
-- Issue 15: the account-wide lock is no longer read (login_failures holds the sources' locks); end any still running.
UPDATE "users" SET "failed_logins" = 0, "locked_until" = NULL WHERE "failed_logins" <> 0 OR "locked_until" IS NOT NULL;
