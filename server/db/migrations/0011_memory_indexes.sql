-- The translation memory searches only library text that has a text in another language in its
-- alignment group (issue 11, BENCHMARKS.md): the trigram prefilter over every fragment of every
-- language took 290-730 ms at 50,000 Czech fragments.
ALTER TABLE "fragments" ADD COLUMN "aligned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "fragments" f SET "aligned" = true
WHERE f.has_text AND EXISTS (
  SELECT 1 FROM "fragments" o WHERE o.group_id = f.group_id AND o.language_id <> f.language_id AND o.has_text
);--> statement-breakpoint
CREATE INDEX "fragments_aligned_text_trgm_idx" ON "fragments" USING gin ("text" gin_trgm_ops) WHERE aligned;--> statement-breakpoint
-- Every writer keeps the marker (saved translations, carried-forward ones, tests and scripts writing
-- SQL): after each statement, the members with text of the groups it touched that now have a text in
-- another language. The importer sets it on insert (flatten.ts), so this updates nothing there.
-- Never cleared: a stale true only costs a candidate that the memory's join drops.
CREATE FUNCTION "fragments_mark_aligned"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched_groups uuid[];
BEGIN
  -- Its own UPDATE fires the update trigger again: nothing more to mark there.
  IF pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(DISTINCT n.group_id) INTO touched_groups FROM touched_fragments n WHERE n.has_text;
  IF touched_groups IS NULL THEN
    RETURN NULL;
  END IF;
  -- EXECUTE plans with the actual groups each time (a generic plan may scan the whole table).
  EXECUTE 'UPDATE fragments f SET aligned = true
           WHERE f.group_id = ANY($1) AND f.has_text AND NOT f.aligned
             AND EXISTS (SELECT 1 FROM fragments o
                         WHERE o.group_id = f.group_id AND o.language_id <> f.language_id AND o.has_text)'
    USING touched_groups;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "fragments_aligned_after_insert" AFTER INSERT ON "fragments"
  REFERENCING NEW TABLE AS touched_fragments FOR EACH STATEMENT EXECUTE FUNCTION "fragments_mark_aligned"();--> statement-breakpoint
CREATE TRIGGER "fragments_aligned_after_update" AFTER UPDATE ON "fragments"
  REFERENCING NEW TABLE AS touched_fragments FOR EACH STATEMENT EXECUTE FUNCTION "fragments_mark_aligned"();
