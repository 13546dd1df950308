// Uploads files to POST /v1/admin/imports in one multipart request (one import: conflicts between
// files are found, and a folder's files are read together), with XMLHttpRequest because fetch
// reports no upload progress. Each part is named by its relative path (a folder pick's
// webkitRelativePath), which the server's format detection needs.
import { ApiError, apiLanguage, csrfToken } from './client';
import { ImportResult } from './contract/admin-imports';
import { ErrorBody } from './contract/errors';
import { routePattern } from './contract/route';
import { routes } from './contract/routes';

export interface UploadFile {
  /** The path inside the upload, e.g. `cz-consolidated-md/1-1993.md`. */
  path: string;
  size: number;
  blob: Blob;
}

export interface UploadCallbacks {
  /** Bytes of the request body sent so far (files in order, so each file's share follows). */
  onProgress: (loaded: number, total: number) => void;
  /** Every byte is sent: the server is importing. */
  onSent: () => void;
}

export function uploadFiles(
  files: UploadFile[],
  callbacks: UploadCallbacks,
  signal: AbortSignal,
): Promise<ImportResult> {
  const form = new FormData();
  for (const file of files) {
    // The path again as a field: a browser may rewrite a filename that holds slashes.
    form.append('path', file.path);
    form.append('file', file.blob, file.path);
  }
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', routePattern(routes.importFiles));
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', apiLanguage());
    const csrf = csrfToken();
    if (csrf) request.setRequestHeader('X-CSRF-Token', csrf);
    request.upload.addEventListener('progress', (event) => callbacks.onProgress(event.loaded, event.total));
    request.upload.addEventListener('load', () => callbacks.onSent());
    request.addEventListener('load', () => {
      const body = parseJson(request.responseText);
      if (request.status === 200) {
        const result = ImportResult.safeParse(body);
        if (result.success) resolve(result.data);
        else reject(new ApiError(request.status, 'invalid_response', { message: result.error.issues[0]?.message }));
        return;
      }
      const error = ErrorBody.safeParse(body);
      reject(
        error.success
          ? new ApiError(request.status, error.data.detail, error.data)
          : new ApiError(request.status, 'http_error', { message: `HTTP ${request.status}` }),
      );
    });
    request.addEventListener('error', () => reject(new ApiError(0, 'network_error', { message: 'upload failed' })));
    signal.addEventListener('abort', () => request.abort());
    request.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
