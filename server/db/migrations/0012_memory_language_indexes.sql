-- The translation memory's trigram prefilters per main source language (Czech 1, English 2; ids
-- seeded by 0001): a 300-character text merges ~200 posting lists, and in the indexes over every
-- language most of those postings are other languages' rows (issue 11, BENCHMARKS.md).
-- memory.ts writes the language id as a literal so that the planner can use these partial indexes.
CREATE INDEX "fragments_aligned_text_trgm_cs_idx" ON "fragments" USING gin ("text" gin_trgm_ops) WHERE aligned AND language_id = 1;--> statement-breakpoint
CREATE INDEX "fragments_aligned_text_trgm_en_idx" ON "fragments" USING gin ("text" gin_trgm_ops) WHERE aligned AND language_id = 2;--> statement-breakpoint
CREATE INDEX "tm_segments_text_trgm_cs_idx" ON "tm_segments" USING gin ("text" gin_trgm_ops) WHERE language_id = 1;--> statement-breakpoint
CREATE INDEX "tm_segments_text_trgm_en_idx" ON "tm_segments" USING gin ("text" gin_trgm_ops) WHERE language_id = 2;