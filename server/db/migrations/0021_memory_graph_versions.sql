CREATE TABLE "memory_graph_versions" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Versions of each owner's graph (issue 12): read_graph's serialized answer is reused by an
-- instance while its owner's version is unchanged (server/memory/graph-answer.ts). Every statement
-- writing entities, observations or relations sets a new value from the sequence in its own
-- transaction, whoever writes (the store, /v1/memory, scripts, another instance): values never
-- repeat, so an answer cached under one stands for one committed state of the graph.
CREATE SEQUENCE "memory_graph_version_seq";--> statement-breakpoint
INSERT INTO "memory_graph_versions" ("owner_id", "version")
  SELECT o.owner_id, nextval('memory_graph_version_seq') FROM (SELECT DISTINCT owner_id FROM "memory_entities") o;--> statement-breakpoint
CREATE FUNCTION "memory_graph_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Observations and relations deleted by an entity's cascade: the entity's statement bumps.
  IF pg_trigger_depth() > 1 AND TG_TABLE_NAME <> 'memory_entities' THEN
    RETURN NULL;
  END IF;
  -- Owners in order: two statements touching the same owners lock their rows in the same order.
  INSERT INTO memory_graph_versions (owner_id, version)
    SELECT c.owner_id, nextval('memory_graph_version_seq')
    FROM (SELECT DISTINCT owner_id FROM changed_rows ORDER BY owner_id) c
  ON CONFLICT (owner_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "memory_graph_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM memory_graph_versions;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- After each statement on the three tables (one trigger per event: transition tables allow no more).
DO $$
DECLARE
  t text;
  e text;
BEGIN
  FOREACH t IN ARRAY ARRAY['memory_entities', 'memory_observations', 'memory_relations'] LOOP
    FOREACH e IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION memory_graph_bump()',
        t || '_version_' || e, upper(e), t, CASE WHEN e = 'delete' THEN 'OLD' ELSE 'NEW' END);
    END LOOP;
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION memory_graph_forget()',
      t || '_version_truncate', t);
  END LOOP;
END
$$;
