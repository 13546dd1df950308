-- The translation memory's prefilters (issue 11, BENCHMARKS.md): planning a `%` clause computes
-- similarity() against every most-common value and histogram bound of the column (200 of them at
-- the default statistics target, ~6 ms for a 300-character text); nothing else filters on these
-- columns, so they keep few. (A btree_gin length key in the trigram indexes was tried and dropped:
-- loaded in PGlite, btree_gin broke pg_trgm's GiST nearest-word search that autocomplete uses.)
ALTER TABLE "fragments" ALTER COLUMN "text" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "tm_segments" ALTER COLUMN "text" SET STATISTICS 10;--> statement-breakpoint
ANALYZE "fragments" ("text");--> statement-breakpoint
ANALYZE "tm_segments" ("text");
