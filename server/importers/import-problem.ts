// A file an import passed over or failed on: the contract's reason code, recorded where the
// importer decides it, and the English sentence the command line prints.
import { MAX_PATH_DEPTH, type ImportProblemReason } from '../../src/api/contract/admin-imports.js';

export interface ImportProblem {
  file: string;
  reason: ImportProblemReason;
  /** The English sentence, as the command line prints it. */
  message: string;
  /** Data behind the reason (a parser's place and words, the refusing constraint), never a sentence of its own. */
  detail?: string;
}

/** The English words of each reason, for the command line when only the code is known (a server's answer). */
export const REASON_TEXT: Record<ImportProblemReason, string> = {
  format_not_recognized: 'format not recognized',
  hidden: 'hidden (the name starts with a dot)',
  folder_link: 'a link to a folder (not followed)',
  broken_link: 'a broken link',
  not_a_file: 'not a regular file',
  too_deep: `a folder more than ${MAX_PATH_DEPTH} levels deep (not read)`,
  not_found: 'no such file or folder',
  parse_failed: 'could not be read',
  conflict: 'conflict: the version comes from several files with different content; none of them was imported',
  store_failed: 'storing failed',
};

/** A problem whose sentence is the reason's own words. */
export const problemOf = (file: string, reason: ImportProblemReason): ImportProblem => ({
  file,
  reason,
  message: REASON_TEXT[reason],
});
