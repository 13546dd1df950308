CREATE TABLE "realtime_listeners" (
	"instance_id" uuid PRIMARY KEY NOT NULL,
	"backend_pid" integer,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The old rows (uuid ids, large bodies kept for a minute) are of no use to anyone: a uuid cannot
-- become a bigint, so the table is made anew rather than altered.
DROP TABLE "realtime_messages";--> statement-breakpoint
CREATE TABLE "realtime_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "realtime_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "realtime_messages_created_idx" ON "realtime_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "realtime_messages_channel_idx" ON "realtime_messages" USING btree ("channel","id");
