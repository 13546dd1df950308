// Importing documents through the running server (operators): the upload's answer, one line per
// stored version and a summary, and what the web app needs to explain how to import here.
import { z } from 'zod';
import { route } from './route';

/** The local token header of `npm run import` on the server's machine (DATA_DIR/lexhub-server.json). */
export const IMPORT_TOKEN_HEADER = 'x-lexhub-import-token';
/** The most segments (folders and the file's name) a path inside an import may have: an upload's deeper path is 400 invalid_file_path, a deeper folder is skipped (`too_deep`). */
export const MAX_PATH_DEPTH = 16;

/** One stored document version: the CLI prints it as `[done/total] id (date) status: n nodes, m fragments  file`. */
export const ImportedVersion = z.object({
  /** The uploaded file's relative path (its folders, as uploaded). */
  file: z.string(),
  document_id: z.uuid(),
  external_id: z.string(),
  valid_from: z.string().nullable(),
  status: z.enum(['created', 'replaced', 'unchanged']),
  nodes: z.number().int(),
  fragments: z.number().int(),
});
export type ImportedVersion = z.infer<typeof ImportedVersion>;

/**
 * Why a file was skipped or failed, for the web app to say in the reader's language. Skipped: a
 * file inside a folder whose format was not recognized, or an entry not read at all (hidden, a
 * link, not a regular file, a folder nested deeper than MAX_PATH_DEPTH). Failed: a file named in the upload that is missing or not recognized,
 * a file that could not be read or parsed, a version two files give with different content
 * (`conflicts` names the version and its files), a version the database refused. Limits of the
 * upload are no reason here: they refuse the whole upload (413).
 */
export const ImportProblemReason = z.enum([
  'format_not_recognized',
  'hidden',
  'folder_link',
  'broken_link',
  'not_a_file',
  'too_deep',
  'not_found',
  'parse_failed',
  'conflict',
  'store_failed',
]);
export type ImportProblemReason = z.infer<typeof ImportProblemReason>;

/** A file that was not imported (or a version that failed), with the reason's code. */
export const ImportProblem = z.object({
  file: z.string(),
  reason: ImportProblemReason,
  /** Data behind the reason, never the sentence to show: a parser's place and words, the refusing constraint. */
  message: z.string().optional(),
});
export type ImportProblem = z.infer<typeof ImportProblem>;

export const ImportCounts = z.object({
  created: z.number().int(),
  replaced: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCounts>;

/** The answer of POST /admin/imports: every stored version in order, then what was skipped or failed. */
export const ImportResult = z.object({
  files: z.number().int().describe('Files received'),
  versions: z.array(ImportedVersion),
  counts: ImportCounts,
  /** Files passed over (format not recognized inside a folder, hidden files), by path. */
  skipped: z.array(ImportProblem),
  /** Files or versions that failed, with the reason; a conflict names both paths. */
  failed: z.array(ImportProblem),
  /** Versions that several files give with different content: none of those files was stored. */
  conflicts: z.array(
    z.object({ external_id: z.string(), valid_from: z.string().nullable(), files: z.array(z.string()) }),
  ),
  seconds: z.number(),
});
export type ImportResult = z.infer<typeof ImportResult>;

/** The upload's limits (413 beyond them). */
export const ImportLimits = z.object({
  max_files: z.number().int(),
  max_file_bytes: z.number().int(),
  max_total_bytes: z.number().int(),
});
export type ImportLimits = z.infer<typeof ImportLimits>;

/**
 * How documents get into this library. `engine` decides the steps: the embedded database
 * (pglite) is one process's, so imports go through the server (the import page, or
 * `npm run import` which sends them to it); with PostgreSQL `npm run import` works either way.
 */
export const ImportOptions = z.object({
  engine: z.enum(['pglite', 'postgres']),
  /** The caller may use the import page (an operator). */
  operator: z.boolean(),
  /** The upload's limits: told to operators only (nobody else can upload). */
  limits: ImportLimits.optional(),
});
export type ImportOptions = z.infer<typeof ImportOptions>;

export const adminImportRoutes = {
  getImportOptions: route({
    method: 'GET',
    path: '/admin/imports/options',
    summary:
      "How to import documents here: the database engine, whether the caller is an operator, and to operators the upload's limits",
    tag: 'admin',
    response: ImportOptions,
  }),
  importFiles: route({
    method: 'POST',
    path: '/admin/imports',
    summary:
      'Import uploaded files (multipart/form-data: each part `file` named by its relative path, or by a `path` ' +
      'field just before it; optional `input` ' +
      'parts name the top-level files and folders as the CLI arguments). Operators only: a session with ' +
      'X-CSRF-Token, or the local token in X-Lexhub-Import-Token. One import at a time per instance (409 import_running).',
    tag: 'admin',
    response: ImportResult,
    errors: {
      400: ['no_files', 'invalid_file_path'],
      401: ['import_token_invalid'],
      403: ['operator_required'],
      408: ['upload_stalled'],
      409: ['import_running'],
      413: ['too_many_files', 'file_too_large', 'payload_too_large'],
      415: ['unsupported_media_type'],
    },
  }),
} as const;
