CREATE TABLE "document_aliases" (
	"alias_key" text NOT NULL,
	"document_id" uuid NOT NULL,
	"alias" text NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "document_aliases_alias_key_document_id_pk" PRIMARY KEY("alias_key","document_id"),
	CONSTRAINT "document_aliases_source_check" CHECK ("document_aliases"."source" IN ('import', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "provision_search" (
	"fragment_id" uuid PRIMARY KEY NOT NULL,
	"branch_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	"language_id" smallint NOT NULL,
	"seq" integer NOT NULL,
	"heading" text,
	"cite_chain" text,
	"vector" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "document_aliases" ADD CONSTRAINT "document_aliases_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provision_search" ADD CONSTRAINT "provision_search_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_aliases_document_idx" ON "document_aliases" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "provision_search_vector_idx" ON "provision_search" USING gin ("vector");--> statement-breakpoint
CREATE INDEX "provision_search_branch_idx" ON "provision_search" USING btree ("branch_id","seq");--> statement-breakpoint
CREATE INDEX "provision_search_document_idx" ON "provision_search" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "documents_search_vector_idx" ON "documents" USING gin ("search_vector");--> statement-breakpoint
-- Full-text search (issue 14, server/search/). Folding is the same translate() table as
-- src/shared/find-text.ts asciiFoldTable() (queries are folded in JavaScript with it): one immutable
-- function, no extension, identical on PGlite and PostgreSQL.
CREATE FUNCTION "search_fold"(value text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT lower(translate(value, 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹ', 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyyaabbbbbbccddddddddddeeeeeeeeeeffgghhhhhhhhhhiiiikkkkkkllllllllmmmmmmnnnnnnnnoooooooopppprrrrrrrrssssssssssttttttttuuuuuuuuuuvvvvwwwwwwwwwwxxxxyyzzzzzzhtwyaaaaaaaaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeiiiioooooooooooooooooooooooouuuuuuuuuuuuuuyyyyyyyy'))
$$;--> statement-breakpoint
-- PostgreSQL has no Czech stemmer: Czech and every language without a snowball configuration here
-- use 'simple' (the query matches folded word starts, server/search/query-terms.ts).
CREATE FUNCTION "search_config"(iso text) RETURNS regconfig LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT (CASE iso WHEN 'de' THEN 'german' WHEN 'en' THEN 'english' WHEN 'it' THEN 'italian' ELSE 'simple' END)::regconfig
$$;--> statement-breakpoint
-- The search documents of one branch, written again from its imported fragments: the node's heading
-- and cite key (A), the enclosing headings (B), the text (C). Headings without text of their own
-- are searchable by their heading. Called by the importer in its transaction.
-- The search documents of one branch, written again from its imported fragments: the node's heading
-- and cite key (A), the enclosing headings (B), the text (C). Headings without text of their own
-- are searchable by their heading. The importer passes the node titles and texts it folded itself
-- (search_fold's translate() is slow on long texts); without them (the backfill below) they are
-- folded here.
CREATE FUNCTION "provision_search_refresh"(
  target uuid,
  node_ids uuid[] DEFAULT NULL,
  node_titles text[] DEFAULT NULL,
  fragment_ids uuid[] DEFAULT NULL,
  fragment_texts text[] DEFAULT NULL
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  written integer;
BEGIN
  DELETE FROM provision_search WHERE branch_id = target;
  WITH RECURSIVE branch_nodes AS (
    SELECT n.id, n.title, n.node_type, n.cite_key, n.derived_parent_id,
      CASE WHEN n.title IS NULL THEN NULL WHEN node_ids IS NULL THEN search_fold(n.title) ELSE ft.title END AS folded
    FROM nodes n LEFT JOIN unnest(node_ids, node_titles) AS ft(id, title) ON ft.id = n.id
    WHERE n.branch_id = target
  ), tree AS (
    SELECT n.id, n.title, n.folded, ''::text AS context, NULL::text AS nearest, n.cite_key AS chain
    FROM branch_nodes n WHERE n.derived_parent_id IS NULL
    UNION ALL
    SELECT c.id, c.title, c.folded, left(concat_ws(' ', nullif(p.context, ''), p.folded), 2000), coalesce(p.title, p.nearest),
      CASE WHEN c.node_type IN ('paragraph', 'clause', 'point', 'subparagraph', 'indent', 'letter')
        THEN nullif(concat_ws('|', p.chain, c.cite_key), '') ELSE c.cite_key END
    FROM branch_nodes c JOIN tree p ON c.derived_parent_id = p.id
  )
  INSERT INTO provision_search (fragment_id, branch_id, document_id, node_id, language_id, seq, heading, cite_chain, vector)
  SELECT f.id, f.branch_id, b.document_id, f.node_id, f.language_id, f.seq, coalesce(t.title, t.nearest), t.chain,
    setweight(to_tsvector(cfg.c, concat_ws(' ', t.folded, search_fold(f.cite_key))), 'A')
      || setweight(to_tsvector(cfg.c, t.context), 'B')
      || setweight(to_tsvector(cfg.c, CASE WHEN fragment_ids IS NULL THEN search_fold(f.text) ELSE coalesce(ff.text, '') END), 'C')
  FROM fragments f
  JOIN branches b ON b.id = f.branch_id
  JOIN tree t ON t.id = f.node_id
  JOIN languages l ON l.language_id = f.language_id
  LEFT JOIN unnest(fragment_ids, fragment_texts) AS ff(id, text) ON ff.id = f.id
  CROSS JOIN LATERAL (SELECT search_config(l.iso_639_1) AS c) cfg
  WHERE f.branch_id = target AND f.owner_id IS NULL AND (f.has_text OR t.title IS NOT NULL);
  GET DIAGNOSTICS written = ROW_COUNT;
  RETURN written;
END
$$;--> statement-breakpoint
-- A document's title match: its folded title and number, and its short names (document_aliases).
CREATE FUNCTION "document_search_refresh"(target uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE documents d SET search_vector = setweight(to_tsvector('simple', d.search_text), 'A')
    || setweight(to_tsvector('simple', coalesce(
      (SELECT string_agg(a.alias_key, ' ') FROM document_aliases a WHERE a.document_id = d.id), '')), 'A')
  WHERE d.id = target
$$;--> statement-breakpoint
INSERT INTO "document_aliases" ("alias_key", "alias", "document_id", "source")
SELECT k.alias_key, k.alias, d.id, 'import'
FROM (VALUES
  ('ustava', 'Ústava', '1/1993 Sb.'),
  ('ustava cr', 'Ústava ČR', '1/1993 Sb.'),
  ('ustava ceske republiky', 'Ústava České republiky', '1/1993 Sb.'),
  ('czech constitution', 'Czech Constitution', '1/1993 Sb.'),
  ('listina', 'Listina', '2/1993 Sb.'),
  ('listina zakladnich prav a svobod', 'Listina základních práv a svobod', '2/1993 Sb.'),
  ('lzps', 'LZPS', '2/1993 Sb.'),
  ('charter of fundamental rights and freedoms', 'Charter of Fundamental Rights and Freedoms', '2/1993 Sb.'),
  ('ustavni zakon o bezpecnosti', 'ústavní zákon o bezpečnosti', '110/1998 Sb.'),
  ('gdpr', 'GDPR', '32016R0679'),
  ('obecne narizeni o ochrane osobnich udaju', 'obecné nařízení o ochraně osobních údajů', '32016R0679'),
  ('general data protection regulation', 'General Data Protection Regulation', '32016R0679'),
  ('dsgvo', 'DSGVO', '32016R0679'),
  ('interoperable europe act', 'Interoperable Europe Act', '32024R0903'),
  ('akt o interoperabilni evrope', 'akt o interoperabilní Evropě', '32024R0903'),
  ('payment accounts directive', 'Payment Accounts Directive', '32014L0092'),
  ('pad', 'PAD', '32014L0092')
) AS k(alias_key, alias, external_id)
JOIN documents d ON d.external_id = k.external_id
ON CONFLICT DO NOTHING;--> statement-breakpoint
SELECT document_search_refresh(id) FROM documents;--> statement-breakpoint
SELECT provision_search_refresh(id) FROM branches;
