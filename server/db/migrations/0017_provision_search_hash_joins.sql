-- provision_search_refresh runs in the import's transaction right after a branch's rows are
-- inserted, before any ANALYZE: the planner then took the nodes of a fresh branch for a handful of
-- rows and walked the recursive structure with nested loops, quadratic in the branch's size (a
-- 9,609-fragment act took 8 s, the whole corpus 29 s of a 61 s import on PGlite; BENCHMARKS.md,
-- issue 14). Hash joins do the same walk in linear time (7.4 s for the corpus).
ALTER FUNCTION provision_search_refresh(uuid, uuid[], text[], uuid[], text[]) SET enable_nestloop = off;
