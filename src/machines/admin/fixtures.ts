// An import's answer as the server gives it, for the import page's machine and screen tests.
import type { ImportResult } from '../../api/contract/admin-imports';

export const IMPORTED_DOCUMENT_ID = '0f8fb7a4-2d6e-5d8c-9a2b-3c4d5e6f7a8b';

/** A folder `ropr/` with one law version and a note beside it. */
export const IMPORT_RESULT: ImportResult = {
  files: 2,
  versions: [
    {
      file: 'ropr/2014-09-03.md',
      document_id: IMPORTED_DOCUMENT_ID,
      external_id: 'pirati/ropr',
      valid_from: '2014-09-03',
      status: 'created',
      nodes: 91,
      fragments: 130,
    },
  ],
  counts: { created: 1, replaced: 0, unchanged: 0, skipped: 1, failed: 0 },
  skipped: [{ file: 'ropr/README.txt', reason: 'format_not_recognized' }],
  failed: [],
  conflicts: [],
  seconds: 0.5,
};
