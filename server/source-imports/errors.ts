// The answers of the source-import routes that are not a job (issue 16), as ApiErrors with the
// contract's codes.
import { ApiError } from '../http/errors.js';

export const sourceIdInvalid = (source: string, id: string) =>
  new ApiError(
    400,
    'source_id_invalid',
    source === 'cellar'
      ? `"${id}" is neither a CELEX number (32016R0679) nor an ELI (eli/reg/2016/679/oj)`
      : `"${id}" is not a Czech act number (1/1993, 89/2012 Sb., eli/cz/sb/1993/1)`,
    'id',
  );
export const sourceActNotFound = (message: string) => new ApiError(404, 'source_act_not_found', message);
export const sourceFailed = (message: string) => new ApiError(502, 'source_failed', message);
/** The plain message of SourceOfflineError: which service, which address, why; import from files instead. */
export const sourceOffline = (message: string) => new ApiError(503, 'source_offline', message);
export const sourceImportRunning = () =>
  new ApiError(409, 'source_import_running', 'You already have an import from the official services running');
export const sourceImportsBusy = (max: number) =>
  new ApiError(409, 'source_imports_busy', `The server runs at most ${max} imports from the official services at once`);
