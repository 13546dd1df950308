-- On PostgreSQL, migration 0017's enable_nestloop = off makes every plan of this function cost over
-- 10^10, far above jit_above_cost: each call compiled its plan with LLVM first, about 1-4 s for a
-- branch whose search rows take 70 ms to write (the corpus import took 200 s there against 40 s
-- on PGlite, which has no JIT). The function's own statements are short: no JIT for them.
ALTER FUNCTION provision_search_refresh(uuid, uuid[], text[], uuid[], text[]) SET jit = off;
