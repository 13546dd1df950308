// The library's tables (drizzle-orm). drizzle-kit turns this file into the SQL migrations in
// server/db/migrations, which run unchanged on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export interface DocumentMetadata {
  title: string;
  kind?: string;
  issuer?: string;
  source_system: string;
  source_ids?: Record<string, string>;
}

export const languages = pgTable('languages', {
  languageId: smallint('language_id').primaryKey(),
  iso6391: text('iso_639_1').notNull().unique(),
  name: text('name').notNull(),
});

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey(),
    externalId: text('external_id').notNull(),
    /** external_id folded for matching how people type it: '1/1993' finds '1/1993 Sb.'. */
    externalKey: text('external_key').notNull(),
    metadata: jsonb('metadata').$type<DocumentMetadata>().notNull(),
    /** Lowercase, accent-free title + number: what autocomplete matches with trigrams. */
    searchText: text('search_text').notNull(),
    publishedDate: date('published_date'),
    effectiveDate: date('effective_date'),
    expiryDate: date('expiry_date'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('documents_external_id_key').on(t.externalId),
    index('documents_external_key_idx').on(t.externalKey.op('text_pattern_ops')),
    index('documents_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('documents_search_text_prefix_idx').on(t.searchText.op('text_pattern_ops')),
  ],
);

/**
 * Every word of every document's search_text: the vocabulary that autocomplete corrects typos
 * against ('ustva' -> 'ustava') before searching again. Small and indexed by trigrams.
 */
export const searchWords = pgTable(
  'search_words',
  { word: text('word').primaryKey() },
  (t) => [index('search_words_trgm_idx').using('gist', t.word.op('gist_trgm_ops'))],
);

export const branches = pgTable(
  'branches',
  {
    id: uuid('id').primaryKey(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['main', 'snapshot'] }).notNull(),
    /** The date this version is in force from; null for an undated draft (no date anywhere in the source). */
    validFrom: date('valid_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hash of the parsed version: re-importing identical content is a no-op. */
    contentHash: text('content_hash').notNull(),
    sourceFile: text('source_file'),
    nodeCount: integer('node_count').notNull().default(0),
    fragmentCount: integer('fragment_count').notNull().default(0),
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('branches_document_valid_from_key').on(t.documentId, t.validFrom),
    uniqueIndex('branches_document_name_key').on(t.documentId, t.name),
  ],
);

export const nodes = pgTable(
  'nodes',
  {
    id: uuid('id').primaryKey(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    nodeType: text('node_type').notNull(),
    /** The raw marker or element the node came from ('HLAVA', 'akn:article'). */
    type: text('type').notNull(),
    title: text('title'),
    citeKey: text('cite_key'),
    /** Stable structural path ('hlava-3/cl-54/odst-2') or the Akoma Ntoso eId. */
    externalId: text('external_id').notNull(),
    /** Pre-order position in the branch: document order. */
    orderIndex: integer('order_index').notNull(),
    depth: smallint('depth').notNull(),
    derivedParentId: uuid('derived_parent_id'),
  },
  (t) => [
    uniqueIndex('nodes_branch_order_key').on(t.branchId, t.orderIndex),
    uniqueIndex('nodes_branch_external_id_key').on(t.branchId, t.externalId),
  ],
);

export const alignmentGroups = pgTable('alignment_groups', {
  groupId: uuid('group_id').primaryKey(),
  branchId: uuid('branch_id')
    .notNull()
    .references(() => branches.id, { onDelete: 'cascade' }),
  nodeId: uuid('node_id').notNull(),
});

export const fragments = pgTable(
  'fragments',
  {
    id: uuid('id').primaryKey(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    nodeId: uuid('node_id').notNull(),
    languageId: smallint('language_id')
      .notNull()
      .references(() => languages.languageId),
    /** Document order within the branch (shared by the aligned fragments of one group). */
    seq: integer('seq').notNull(),
    citeKey: text('cite_key'),
    fragmentUid: text('fragment_uid').notNull(),
    groupId: uuid('group_id').notNull(),
    hasText: boolean('has_text').notNull(),
    text: text('text').notNull(),
  },
  (t) => [
    uniqueIndex('fragments_branch_language_seq_key').on(t.branchId, t.languageId, t.seq),
    index('fragments_branch_uid_idx').on(t.branchId, t.fragmentUid),
    index('fragments_group_idx').on(t.groupId),
    index('fragments_node_idx').on(t.nodeId),
  ],
);

export const spans = pgTable(
  'spans',
  {
    id: uuid('id').primaryKey(),
    fragmentId: uuid('fragment_id')
      .notNull()
      .references(() => fragments.id, { onDelete: 'cascade' }),
    absStart: integer('abs_start').notNull(),
    absEnd: integer('abs_end').notNull(),
    metadata: jsonb('metadata')
      .$type<{ kind: string; citation?: string; target_node_id?: string | null; external?: boolean }>()
      .notNull(),
  },
  (t) => [index('spans_fragment_idx').on(t.fragmentId)],
);

/** Translation memory: one unit per aligned source segment group (TMX <tu>). */
export const tmUnits = pgTable(
  'tm_units',
  {
    id: uuid('id').primaryKey(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
  },
  (t) => [uniqueIndex('tm_units_document_seq_key').on(t.documentId, t.seq)],
);

/** One segment of a unit per language; any language pair is a self-join on unit_id. */
export const tmSegments = pgTable(
  'tm_segments',
  {
    unitId: uuid('unit_id')
      .notNull()
      .references(() => tmUnits.id, { onDelete: 'cascade' }),
    languageId: smallint('language_id')
      .notNull()
      .references(() => languages.languageId),
    text: text('text').notNull(),
  },
  (t) => [uniqueIndex('tm_segments_unit_language_key').on(t.unitId, t.languageId)],
);
