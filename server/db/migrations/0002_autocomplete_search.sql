-- IF NOT EXISTS: development databases may hold an earlier draft of these indexes.
CREATE TABLE IF NOT EXISTS "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "documents_search_text_prefix_idx" ON "documents" USING btree ("search_text" text_pattern_ops);--> statement-breakpoint
-- search_text now folds punctuation to spaces, as foldForSearch does for new imports and queries.
UPDATE "documents" SET "search_text" = btrim(regexp_replace("search_text", '[^[:alnum:]/]+', ' ', 'g'));
--> statement-breakpoint
-- The vocabulary of the documents already imported.
INSERT INTO "search_words" ("word")
SELECT DISTINCT word FROM "documents", regexp_split_to_table("search_text", ' ') AS word
WHERE length(word) >= 3 AND word !~ '[0-9]'
ON CONFLICT DO NOTHING;
