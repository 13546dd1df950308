// The library's tables (drizzle-orm). drizzle-kit turns this file into the SQL migrations in
// server/db/migrations, which run unchanged on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
  uuid,
  customType,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's tsvector (full-text search documents, migration 0014); read as its text form. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
    /** Title, number and short names (document_aliases) as a tsvector: the full-text search's title match. */
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
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
    index('documents_search_vector_idx').using('gin', t.searchVector),
  ],
);

/**
 * Short names and abbreviations of documents ('Ústava', 'Listina', 'GDPR'): the importer adds the
 * ones it knows from titles and numbers (source 'import'), an operator adds more ('operator',
 * server/search/aliases.ts). `alias_key` is the alias folded (lowercase, no accents).
 */
export const documentAliases = pgTable(
  'document_aliases',
  {
    aliasKey: text('alias_key').notNull(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    alias: text('alias').notNull(),
    source: text('source').$type<'import' | 'operator'>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.aliasKey, t.documentId] }),
    index('document_aliases_document_idx').on(t.documentId),
    check('document_aliases_source_check', sql`${t.source} IN ('import', 'operator')`),
  ],
);

/**
 * The full-text search document of every imported fragment with text (server/search/): heading and
 * cite key (weight A), the enclosing headings (B) and the text (C), folded (search_fold) and parsed
 * with the language's configuration (search_config). Written by provision_search_refresh(branch)
 * in the importer's transaction (migration 0014).
 */
export const provisionSearch = pgTable(
  'provision_search',
  {
    fragmentId: uuid('fragment_id').primaryKey(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').notNull(),
    nodeId: uuid('node_id').notNull(),
    languageId: smallint('language_id').notNull(),
    seq: integer('seq').notNull(),
    /** The node's own heading, else its nearest enclosing one. */
    heading: text('heading'),
    /** The cite keys from the article or section down, joined by '|': 'Čl. 54|(1)'. */
    citeChain: text('cite_chain'),
    vector: tsvector('vector').notNull(),
  },
  (t) => [
    index('provision_search_vector_idx').using('gin', t.vector),
    index('provision_search_branch_idx').on(t.branchId, t.seq),
    index('provision_search_document_idx').on(t.documentId),
  ],
);

/**
 * Every word of every document's search_text: the vocabulary that autocomplete corrects typos
 * against ('ustva' -> 'ustava') before searching again. Small and indexed by trigrams.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gist', t.word.op('gist_trgm_ops')),
]);

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
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
    /** The title in each language the source names the node in (ISO 639-1 -> name); null: `title` only. */
    titles: jsonb('titles').$type<Record<string, string>>(),
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
    /**
     * The translation layer: null for text imported from an official source (never overwritten),
     * else the user whose saved translation this is (server/policies/translations.ts decides who
     * sees and writes it).
     */
    ownerId: uuid('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    /** A saved translation's review state ('translated' | 'reviewed'); null for imported text. */
    translationStatus: text('translation_status').$type<'translated' | 'reviewed'>(),
    /** Its source changed in a newer version since it was translated (carried forward flagged). */
    stale: boolean('stale').notNull().default(false),
    /** When stale: the source text it was translated from, for the old -> new word diff. */
    staleSourceText: text('stale_source_text'),
    translatedAt: timestamp('translated_at', { withTimezone: true }),
    /**
     * Text with a text in another language in its alignment group (in any layer): the only library
     * fragments the translation memory searches (server/translation/memory.ts). Set by the importer
     * (flatten.ts) and, for every other writer, by the trigger of migration 0011; never cleared
     * (a stale true only costs a candidate the memory's join then drops).
     */
    aligned: boolean('aligned').notNull().default(false),
  },
  (t) => [
    // One text per language, place and layer; the imported layer (null) counts as one layer.
    unique('fragments_branch_language_seq_key').on(t.branchId, t.languageId, t.seq, t.ownerId).nullsNotDistinct(),
    index('fragments_owner_idx')
      .on(t.ownerId)
      .where(sql`owner_id IS NOT NULL`),
    // A saved translation always has a review state; imported text never has one.
    check(
      'fragments_translation_status_check',
      sql`(owner_id IS NULL AND translation_status IS NULL) OR translation_status IN ('translated', 'reviewed')`,
    ),
    index('fragments_branch_uid_idx').on(t.branchId, t.fragmentUid),
    index('fragments_group_idx').on(t.groupId),
    index('fragments_node_idx').on(t.nodeId),
    /** The translation memory's trigram prefilter over library fragments (server/translation/memory.ts). */
    index('fragments_text_trgm_idx').using('gin', t.text.op('gin_trgm_ops')),
    // The memory's prefilter reads only aligned text: ~8.5k of 50k Czech fragments in the bench.
    index('fragments_aligned_text_trgm_idx')
      .using('gin', t.text.op('gin_trgm_ops'))
      .where(sql`aligned`),
    // Per main source language (Czech 1, English 2: seeded ids): the prefilter merges the posting
    // lists of that language's aligned text alone (BENCHMARKS.md, issue 11). Not btree_gin's
    // length key: loaded in PGlite, it broke pg_trgm's GiST nearest-word search (autocomplete).
    index('fragments_aligned_text_trgm_cs_idx')
      .using('gin', t.text.op('gin_trgm_ops'))
      .where(sql`aligned AND language_id = 1`),
    index('fragments_aligned_text_trgm_en_idx')
      .using('gin', t.text.op('gin_trgm_ops'))
      .where(sql`aligned AND language_id = 2`),
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
  (t) => [
    uniqueIndex('tm_segments_unit_language_key').on(t.unitId, t.languageId),
    /** The translation memory's trigram prefilter (server/translation/memory.ts). */
    index('tm_segments_text_trgm_idx').using('gin', t.text.op('gin_trgm_ops')),
    // Per main source language (Czech 1, English 2): 2.7k Czech of 62k segments in 24 languages.
    index('tm_segments_text_trgm_cs_idx')
      .using('gin', t.text.op('gin_trgm_ops'))
      .where(sql`language_id = 1`),
    index('tm_segments_text_trgm_en_idx')
      .using('gin', t.text.op('gin_trgm_ops'))
      .where(sql`language_id = 2`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Accounts. Secrets (passwords, session ids, one-time tokens) are stored only as hashes.

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    /** Lowercased; the login identifier. */
    email: text('email').notNull(),
    /** E.164, e.g. +420601123456. */
    phone: text('phone').notNull(),
    /** The handle: /u/{username}. */
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Interface language saved on the server (en, cs) or null. */
    language: text('language'),
    photoUrl: text('photo_url'),
    bio: text('bio'),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    publicEmail: text('public_email'),
    linkedinUrl: text('linkedin_url'),
    websiteUrl: text('website_url'),
    /**
     * No longer read or written: the account-wide lock let anyone lock anyone out (issue 15).
     * Failures now live in login_failures / login_throttles. Dropped one release later, so that
     * instances of the previous release still running during a rolling upgrade can write them.
     */
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Bumped on every change of the user row: the ETag is derived from it. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // A phone belongs to the verified account that has it: an unverified registration does not
    // hold it (so no one squats a number by registering it with an address they never confirm).
    uniqueIndex('users_phone_verified_key')
      .on(t.phone)
      .where(sql`${t.emailVerifiedAt} IS NOT NULL`),
    uniqueIndex('users_username_key').on(t.username),
    // The clean-up of accounts never verified (server/auth/register-account.ts).
    index('users_unverified_created_idx')
      .on(t.createdAt)
      .where(sql`${t.emailVerifiedAt} IS NULL`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie's random id. */
    idHash: text('id_hash').primaryKey(),
    /** The id the session list shows and DELETE /auth/sessions/{id} takes (never the cookie's hash). */
    publicId: uuid('public_id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    uniqueIndex('sessions_public_id_key').on(t.publicId),
  ],
);

/** One-time tokens sent by email: verify an address, reset a password. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    /** sha256 of the token in the link. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Fixed-window request counters shared by every instance (login, registration, ...). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** e.g. 'login:ip:203.0.113.7' or 'login:id:someone@example.com'. */
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('rate_limits_key_window_key').on(t.key, t.windowStart),
    index('rate_limits_window_idx').on(t.windowStart),
  ],
);

/**
 * Failed logins per account and source (issue 15, server/auth/login-throttle.ts): a source is an
 * address ('ip:203.0.113.7', an IPv6 /64) or a browser's device cookie ('device:<sha256>'); after
 * enough failures it alone is locked out of that account until `locked_until`. `account_key` is
 * the sha256 of the identifier typed, so unknown emails get the same rows (and answers).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    accountKey: text('account_key').notNull(),
    sourceKey: text('source_key').notNull(),
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountKey, t.sourceKey], name: 'login_failures_pkey' }),
    index('login_failures_last_failed_idx').on(t.lastFailedAt),
  ],
);

/**
 * Failed logins per account across every source: from a threshold on, attempts from sources that
 * are not known devices must wait until `next_attempt_at` (a growing delay); `notified_at` is when
 * the owner was last mailed that attempts were blocked (at most one mail per lock window).
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    accountKey: text('account_key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [index('login_throttles_last_failed_idx').on(t.lastFailedAt)],
);

/** Browsers (device cookies, as sha256) that signed in to an account: not held back by others' failures. */
export const loginDevices = pgTable(
  'login_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deviceHash], name: 'login_devices_pkey' }),
    index('login_devices_last_signed_in_idx').on(t.lastSignedInAt),
  ],
);

/**
 * A machine-translation provider's back-off, shared by every instance: after a 429, 456 or 503
 * it pauses until `paused_until`; the next pause doubles `backoff_seconds` (60 s up to 30 min).
 */
export const translationProviderPauses = pgTable('translation_provider_pauses', {
  provider: text('provider').primaryKey(),
  pausedUntil: timestamp('paused_until', { withTimezone: true }).notNull(),
  backoffSeconds: integer('backoff_seconds').notNull(),
});

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    abbreviation: text('abbreviation'),
    website: text('website'),
    locations: jsonb('locations')
      .$type<{ city: string; country: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organizations_slug_key').on(t.slug)],
);

export const orgMembers = pgTable(
  'org_members',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'member'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('org_members_org_user_key').on(t.orgId, t.userId), index('org_members_user_idx').on(t.userId)],
);

/**
 * Invitations to join an organization (issue 15): the invitee is no member, has no rights and is
 * listed nowhere public until they accept; accepting moves the row into org_members with `role`.
 * An invitation stands only while its inviter's account does (and, see org-members.ts, while the
 * inviter keeps the role that could make it).
 */
export const orgInvitations = pgTable(
  'org_invitations',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'member'] }).notNull(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.userId], name: 'org_invitations_pkey' }),
    index('org_invitations_user_idx').on(t.userId, t.createdAt),
    index('org_invitations_invited_by_idx').on(t.invitedBy),
  ],
);

/** One row per user and document: counts and times of visits. */
export const documentAccess = pgTable(
  'document_access',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    accessCount: integer('access_count').notNull().default(0),
    firstAccessedAt: timestamp('first_accessed_at', { withTimezone: true }).notNull().defaultNow(),
    lastAccessedAt: timestamp('last_accessed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last page view counted, so a repeated record of one view is a no-op. */
    lastSessionId: text('last_session_id'),
    lastContext: text('last_context'),
  },
  (t) => [
    uniqueIndex('document_access_user_document_key').on(t.userId, t.documentId),
    index('document_access_user_last_idx').on(t.userId, t.lastAccessedAt),
    index('document_access_user_count_idx').on(t.userId, t.accessCount),
  ],
);

export const documentPins = pgTable(
  'document_pins',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('document_pins_user_document_key').on(t.userId, t.documentId)],
);

/** Tokens that open the live channel (/ws): 60 s, single use; only their sha256 is stored. */
export const wsTokens = pgTable(
  'ws_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * sha256 of the login session the token was issued under (sessions.id_hash); the socket it
     * opens closes when that session ends. Null in rows from before the column existed.
     */
    sessionIdHash: text('session_id_hash'),
  },
  (t) => [index('ws_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * The live channel's backlog: every published message, with an id that grows in commit order
 * (publishes take an advisory lock before the id, issue 15). An instance whose LISTEN dropped,
 * and a client that reconnects with `last_id`, replay from here. The body is the message's JSON
 * text without its id (text, not jsonb: kept byte for byte). Pruned by count and age
 * (server/realtime/message-store.ts).
 */
export const realtimeMessages = pgTable(
  'realtime_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('realtime_messages_created_idx').on(t.createdAt),
    index('realtime_messages_channel_idx').on(t.channel, t.id),
  ],
);

/**
 * One row per instance's LISTEN connection (its backend pid) with the last message id it has
 * processed, refreshed every few seconds: the slow-listener monitor cuts the backends that lag
 * (server/realtime/listener-monitor.ts).
 */
export const realtimeListeners = pgTable('realtime_listeners', {
  instanceId: uuid('instance_id').primaryKey(),
  backendPid: integer('backend_pid'),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Collections: ordered sets of documents owned by a user or an organization (issue 10).

export const collections = pgTable(
  'collections',
  {
    id: uuid('id').primaryKey(),
    /** Exactly one of the two owners is set (the CHECK below). */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    ownerOrgId: uuid('owner_org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Unique per owner: the address /u|org/{handle}/{slug}. */
    slug: text('slug').notNull(),
    description: text('description'),
    visibility: text('visibility', { enum: ['private', 'team', 'public'] })
      .notNull()
      .default('private'),
    /** Unique over all collections: /{vanity_handle}/documents/... */
    vanityHandle: text('vanity_handle'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('collections_one_owner', sql`num_nonnulls(${t.ownerUserId}, ${t.ownerOrgId}) = 1`),
    check('collections_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 120`),
    check('collections_description_length', sql`char_length(${t.description}) <= 2000`),
    uniqueIndex('collections_user_slug_key')
      .on(t.ownerUserId, t.slug)
      .where(sql`${t.ownerUserId} IS NOT NULL`),
    uniqueIndex('collections_org_slug_key')
      .on(t.ownerOrgId, t.slug)
      .where(sql`${t.ownerOrgId} IS NOT NULL`),
    uniqueIndex('collections_vanity_handle_key').on(t.vanityHandle),
    index('collections_visibility_idx').on(t.visibility, t.id),
  ],
);

export const collectionItems = pgTable(
  'collection_items',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    note: text('note'),
    /** The version in force on this date is shown; null follows main. */
    asOf: date('as_of'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.documentId], name: 'collection_items_pkey' }),
    check('collection_items_note_length', sql`char_length(${t.note}) <= 2000`),
    index('collection_items_position_idx').on(t.collectionId, t.position),
    index('collection_items_document_idx').on(t.documentId),
  ],
);

/** Users or whole organizations who may edit a collection's items; never its owner. */
export const collectionMaintainers = pgTable(
  'collection_maintainers',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while invited: a maintainer edits (and the collection shows on their profile) only once they accept. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    check('collection_maintainers_one_kind', sql`num_nonnulls(${t.userId}, ${t.orgId}) = 1`),
    // The policy facts and the maintainers list look maintainers up by collection alone.
    index('collection_maintainers_collection_idx').on(t.collectionId),
    uniqueIndex('collection_maintainers_user_key')
      .on(t.collectionId, t.userId)
      .where(sql`${t.userId} IS NOT NULL`),
    uniqueIndex('collection_maintainers_org_key')
      .on(t.collectionId, t.orgId)
      .where(sql`${t.orgId} IS NOT NULL`),
    index('collection_maintainers_user_idx').on(t.userId),
    index('collection_maintainers_org_idx').on(t.orgId),
  ],
);

/** An old slug of a collection under its owner, answering 301 to the collection's current address. */
export const collectionRedirects = pgTable(
  'collection_redirects',
  {
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    ownerOrgId: uuid('owner_org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    oldSlug: text('old_slug').notNull(),
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('collection_redirects_one_owner', sql`num_nonnulls(${t.ownerUserId}, ${t.ownerOrgId}) = 1`),
    uniqueIndex('collection_redirects_user_slug_key')
      .on(t.ownerUserId, t.oldSlug)
      .where(sql`${t.ownerUserId} IS NOT NULL`),
    uniqueIndex('collection_redirects_org_slug_key')
      .on(t.ownerOrgId, t.oldSlug)
      .where(sql`${t.ownerOrgId} IS NOT NULL`),
    index('collection_redirects_collection_idx').on(t.collectionId),
  ],
);

/** An old user handle or collection vanity handle, answering 301 to the current one. */
export const handleRedirects = pgTable(
  'handle_redirects',
  {
    oldHandle: text('old_handle').notNull(),
    kind: text('kind', { enum: ['user', 'collection'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    collectionId: uuid('collection_id').references(() => collections.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // User handles (/u/{handle}) and short handles (/{vanity}) are separate namespaces: one string may redirect in each.
  (t) => [
    primaryKey({ columns: [t.kind, t.oldHandle] }),
    check('handle_redirects_one_target', sql`num_nonnulls(${t.userId}, ${t.collectionId}) = 1`),
  ],
);

// ---------------------------------------------------------------------------------------------
// API keys (issue 12): they authenticate /mcp only. The secret is never stored: its SHA-256 digest
// and a 12-character display prefix are. A rotated key keeps its previous secret's digest until
// `previous_valid_until`, and its previous prefix afterwards (to tell a reused old secret apart).

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey(),
    prefix: text('prefix').notNull(),
    secretDigest: text('secret_digest').notNull(),
    previousPrefix: text('previous_prefix'),
    previousDigest: text('previous_digest'),
    previousValidUntil: timestamp('previous_valid_until', { withTimezone: true }),
    scopes: text('scopes').array().notNull(),
    description: text('description').notNull().default(''),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    ownerOrgId: uuid('owner_org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** Who made it: for an organization's key, the owner or admin whose role it depends on. */
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Copilot's own key (one per user): its secret is never issued. */
    managed: boolean('managed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When the `expired` event was written (once). */
    expiredNotedAt: timestamp('expired_noted_at', { withTimezone: true }),
  },
  (t) => [
    check('api_keys_one_owner', sql`num_nonnulls(${t.ownerUserId}, ${t.ownerOrgId}) = 1`),
    uniqueIndex('api_keys_prefix_key').on(t.prefix),
    uniqueIndex('api_keys_previous_prefix_key')
      .on(t.previousPrefix)
      .where(sql`${t.previousPrefix} IS NOT NULL`),
    uniqueIndex('api_keys_managed_user_key')
      .on(t.ownerUserId)
      .where(sql`${t.managed}`),
    index('api_keys_owner_user_idx').on(t.ownerUserId, t.createdAt),
    index('api_keys_owner_org_idx').on(t.ownerOrgId, t.createdAt),
    index('api_keys_created_by_idx').on(t.createdBy),
  ],
);

/** What happened to a key: created, rotated, revoked, used, denied, expired. */
export const apiKeyEvents = pgTable(
  'api_key_events',
  {
    id: uuid('id').primaryKey(),
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    eventType: text('event_type', {
      enum: ['created', 'rotated', 'revoked', 'used', 'denied', 'expired'],
    }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    description: text('description').notNull().default(''),
    metadata: jsonb('metadata')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** `used`/`denied` at most once a minute per key, source and reason: the upsert's key. */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    index('api_key_events_key_idx').on(t.keyId, t.createdAt),
    uniqueIndex('api_key_events_dedupe_key')
      .on(t.dedupeKey)
      .where(sql`${t.dedupeKey} IS NOT NULL`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Memory (issue 12): one knowledge graph per owner (a user or an organization), in the model of
// the official MCP memory server (entities with observations, relations between them) plus links
// from an entity to provisions of the library. `owner_id` is whichever owner column is set, so
// one unique index serves both kinds. `search_text` is folded (lowercase, no accents) at write.

const memoryOwnerColumns = () => ({
  ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
  ownerOrgId: uuid('owner_org_id').references(() => organizations.id, { onDelete: 'cascade' }),
  ownerId: uuid('owner_id')
    .notNull()
    .generatedAlwaysAs(sql`coalesce(owner_user_id, owner_org_id)`),
});

export const memoryEntities = pgTable(
  'memory_entities',
  {
    id: uuid('id').primaryKey(),
    ...memoryOwnerColumns(),
    name: text('name').notNull(),
    entityType: text('entity_type').notNull(),
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('memory_entities_one_owner', sql`num_nonnulls(${t.ownerUserId}, ${t.ownerOrgId}) = 1`),
    uniqueIndex('memory_entities_owner_name_key').on(t.ownerId, t.name),
    index('memory_entities_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const memoryObservations = pgTable(
  'memory_observations',
  {
    id: uuid('id').primaryKey(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => memoryEntities.id, { onDelete: 'cascade' }),
    /** Denormalized from the entity: quotas and search count per owner without a join. */
    ownerId: uuid('owner_id').notNull(),
    content: text('content').notNull(),
    /** sha256 of the content: the unique key (a 4,000-character text is too long for a btree). */
    contentHash: text('content_hash').notNull(),
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memory_observations_entity_hash_key').on(t.entityId, t.contentHash),
    index('memory_observations_owner_idx').on(t.ownerId),
    index('memory_observations_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const memoryRelations = pgTable(
  'memory_relations',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id').notNull(),
    fromEntityId: uuid('from_entity_id')
      .notNull()
      .references(() => memoryEntities.id, { onDelete: 'cascade' }),
    toEntityId: uuid('to_entity_id')
      .notNull()
      .references(() => memoryEntities.id, { onDelete: 'cascade' }),
    relationType: text('relation_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memory_relations_key').on(t.fromEntityId, t.toEntityId, t.relationType),
    index('memory_relations_to_idx').on(t.toEntityId),
    index('memory_relations_owner_idx').on(t.ownerId),
  ],
);

/** An entity's link to a provision of the library (document, optional node, citation, note). */
export const memoryProvisionLinks = pgTable(
  'memory_provision_links',
  {
    id: uuid('id').primaryKey(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => memoryEntities.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').notNull(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    nodeId: uuid('node_id'),
    citation: text('citation').notNull().default(''),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memory_provision_links_key').on(t.entityId, t.documentId, t.citation),
    index('memory_provision_links_owner_idx').on(t.ownerId),
  ],
);

/**
 * A version of each owner's graph (entities, observations, relations): set from a sequence by
 * statement triggers (migration 0021) in the transaction of every write to those tables, whoever
 * writes, so an instance may reuse its serialized read_graph answer while the version is the same
 * (server/memory/graph-answer.ts). No foreign key: a deleted owner's row is harmless.
 */
export const memoryGraphVersions = pgTable('memory_graph_versions', {
  ownerId: uuid('owner_id').primaryKey(),
  version: bigint('version', { mode: 'bigint' }).notNull(),
});

/**
 * Jobs importing law from the official services (issue 16): one row per job, written by the
 * instance that runs it (progress per version and language in `items`, `problems`, a heartbeat
 * every few seconds), so any instance answers its status. A row left queued or running with a
 * stale heartbeat belonged to an instance that died: it is marked failed when next read.
 * `created_by` null: `npm run import` on the server's machine (the local token).
 */
export const sourceImportJobs = pgTable(
  'source_import_jobs',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    acts: jsonb('acts').notNull(),
    languages: text('languages').array(),
    items: jsonb('items')
      .notNull()
      .default(sql`'[]'::jsonb`),
    problems: jsonb('problems')
      .notNull()
      .default(sql`'[]'::jsonb`),
    error: jsonb('error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('source_import_jobs_created_idx').on(t.createdAt),
    index('source_import_jobs_active_idx')
      .on(t.status)
      .where(sql`${t.status} IN ('queued', 'running')`),
    check('source_import_jobs_status_check', sql`${t.status} IN ('queued', 'running', 'done', 'failed')`),
    check('source_import_jobs_kind_check', sql`${t.kind} IN ('import', 'starter_set')`),
  ],
);

/**
 * The scheduled check of imported acts for new versions (issue 16, LEXHUB_UPDATE_INTERVAL): one
 * row per schedule. An instance runs the check only after moving next_run_at on with
 * `UPDATE ... WHERE next_run_at <= now() RETURNING`, so of instances ticking at once one runs it.
 */
export const sourceUpdateRuns = pgTable('source_update_runs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  runs: integer('runs').notNull().default(0),
});

/**
 * Notices to a user (issue 16): a new version of a document they pinned or hold in a collection
 * was stored by the update run. One per user and version (a re-run raises none again).
 */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    branchId: uuid('branch_id').notNull(),
    title: text('title').notNull(),
    validFrom: date('valid_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notices_user_branch_key').on(t.userId, t.branchId),
    index('notices_user_idx').on(t.userId, t.createdAt),
    check('notices_kind_check', sql`${t.kind} IN ('new_version')`),
  ],
);

/** A user's Copilot conversation (History tab); titled by its first question. */
export const copilotConversations = pgTable(
  'copilot_conversations',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('copilot_conversations_user_idx').on(t.userId, t.updatedAt)],
);

/** One turn of a Copilot conversation: the user's (redacted) question or the answer. */
export const copilotMessages = pgTable(
  'copilot_messages',
  {
    id: uuid('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => copilotConversations.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('copilot_messages_conversation_idx').on(t.conversationId, t.createdAt),
    check('copilot_messages_role_check', sql`${t.role} IN ('user', 'assistant')`),
  ],
);
