// The operators' import page: loads how importing works here (operator? limits), takes a pick of
// files or a folder, uploads them in one request with progress per file, waits while the server
// imports, then holds the summary. loading -> ready | notOperator | failedToLoad;
// ready -> uploading -> importing -> done | failed.
import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, toApiError, type ApiError } from '../../api/client';
import type { ImportLimits, ImportOptions, ImportResult } from '../../api/contract/admin-imports';
import { routes } from '../../api/contract/routes';
import { uploadFiles, type UploadFile } from '../../api/upload-files';
import { failureOf } from '../failure';

export type { UploadFile };

export interface ImportUploadContext {
  options?: ImportOptions;
  files: UploadFile[];
  /** Bytes of the request sent so far, and of the whole request (multipart framing included). */
  loaded: number;
  total: number;
  result?: ImportResult;
  error?: ApiError;
}

export type ImportUploadEvent =
  | { type: 'upload.select'; files: UploadFile[] }
  | { type: 'upload.clear' }
  | { type: 'upload.start' }
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.sent' }
  | { type: 'upload.done'; result: ImportResult }
  | { type: 'upload.failed'; error: ApiError }
  | { type: 'upload.again' }
  | { type: 'page.retry' };

/** Runs the upload, reporting progress back; stopping it (leaving the page) aborts the request. */
const runUpload = fromCallback<ImportUploadEvent, { files: UploadFile[] }>(({ input, sendBack }) => {
  const controller = new AbortController();
  uploadFiles(
    input.files,
    {
      onProgress: (loaded, total) => sendBack({ type: 'upload.progress', loaded, total }),
      onSent: () => sendBack({ type: 'upload.sent' }),
    },
    controller.signal,
  ).then(
    (result) => sendBack({ type: 'upload.done', result }),
    (error: unknown) => {
      if (!controller.signal.aborted) sendBack({ type: 'upload.failed', error: toApiError(error) });
    },
  );
  return () => controller.abort();
});

export const importUploadMachine = setup({
  types: {
    context: {} as ImportUploadContext,
    events: {} as ImportUploadEvent,
  },
  actors: {
    loadOptions: fromPromise<ImportOptions>(({ signal }) => call(routes.getImportOptions, { signal })),
    upload: runUpload,
  },
  guards: {
    // Read from the done event: guards run before the transition's assign.
    isOperator: ({ event }) => (event as unknown as { output: ImportOptions }).output.operator,
    hasFiles: ({ context }) =>
      context.files.length > 0 && overLimits(context.files, context.options?.limits) === undefined,
  },
}).createMachine({
  id: 'importUpload',
  context: { files: [], loaded: 0, total: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadOptions',
        onDone: [
          { guard: 'isOperator', target: 'ready', actions: assign({ options: ({ event }) => event.output }) },
          { target: 'notOperator', actions: assign({ options: ({ event }) => event.output }) },
        ],
        onError: { target: 'failedToLoad', actions: assign({ error: failureOf }) },
      },
    },
    notOperator: {},
    failedToLoad: { on: { 'page.retry': { target: 'loading', actions: assign({ error: undefined }) } } },
    ready: {
      on: {
        'upload.select': {
          actions: assign({ files: ({ event }) => event.files, result: undefined, error: undefined }),
        },
        'upload.clear': { actions: assign({ files: [], result: undefined, error: undefined }) },
        'upload.start': { guard: 'hasFiles', target: 'uploading' },
      },
    },
    uploading: {
      entry: assign({ loaded: 0, total: ({ context }) => sizeOf(context.files), error: undefined }),
      invoke: { src: 'upload', input: ({ context }) => ({ files: context.files }) },
      on: {
        'upload.progress': {
          actions: assign({ loaded: ({ event }) => event.loaded, total: ({ event }) => event.total }),
        },
        'upload.sent': { target: '.importing', actions: assign({ loaded: ({ context }) => context.total }) },
        'upload.done': { target: 'done', actions: assign({ result: ({ event }) => event.result }) },
        'upload.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
      initial: 'sending',
      states: { sending: {}, importing: {} },
    },
    done: {
      on: { 'upload.again': { target: 'ready', actions: assign({ files: [], result: undefined, loaded: 0 }) } },
    },
    // The screen still offers the picker and Clear after a failure: a new pick or a clear goes
    // back to ready (the failure's message goes with it); Start sends again, within the limits.
    failed: {
      on: {
        'upload.select': {
          target: 'ready',
          actions: assign({ files: ({ event }) => event.files, error: undefined, loaded: 0 }),
        },
        'upload.clear': { target: 'ready', actions: assign({ files: [], error: undefined, loaded: 0 }) },
        'upload.start': { guard: 'hasFiles', target: 'uploading' },
        'upload.again': { target: 'ready', actions: assign({ error: undefined, loaded: 0 }) },
      },
    },
  },
});

const sizeOf = (files: UploadFile[]) => files.reduce((sum, file) => sum + file.size, 0);

/** Which limit a pick breaks before anything is sent (the server checks again). */
export function overLimits(
  files: UploadFile[],
  limits: ImportLimits | undefined,
): 'too_many_files' | 'file_too_large' | 'payload_too_large' | undefined {
  if (!limits) return undefined;
  if (files.length > limits.max_files) return 'too_many_files';
  if (files.some((file) => file.size > limits.max_file_bytes)) return 'file_too_large';
  if (sizeOf(files) > limits.max_total_bytes) return 'payload_too_large';
  return undefined;
}

/**
 * Each file's share sent, 0..1: the body holds the files in order, so the bytes sent cover the
 * first files whole and the next one in part (the multipart framing, a few hundred bytes per
 * file, is spread over them).
 */
export function fileProgress(files: UploadFile[], loaded: number, total: number): number[] {
  const content = sizeOf(files);
  const sent = total > 0 ? (loaded / total) * content : 0;
  let before = 0;
  return files.map((file) => {
    const share = file.size === 0 ? (sent >= before ? 1 : 0) : Math.min(1, Math.max(0, (sent - before) / file.size));
    before += file.size;
    return share;
  });
}

type Snapshot = SnapshotFrom<typeof importUploadMachine>;
export type ImportUploadPhase =
  'loading' | 'notOperator' | 'failedToLoad' | 'ready' | 'sending' | 'importing' | 'done' | 'failed';
export const selectPhase = (snapshot: Snapshot): ImportUploadPhase => {
  if (snapshot.matches({ uploading: 'importing' })) return 'importing';
  if (snapshot.matches('uploading')) return 'sending';
  return snapshot.value as Exclude<ImportUploadPhase, 'sending' | 'importing'>;
};
export const selectFiles = (snapshot: Snapshot) => snapshot.context.files;
export const selectLoaded = (snapshot: Snapshot) => snapshot.context.loaded;
export const selectTotal = (snapshot: Snapshot) => snapshot.context.total;
export const selectResult = (snapshot: Snapshot) => snapshot.context.result;
export const selectError = (snapshot: Snapshot) => snapshot.context.error;
export const selectOptions = (snapshot: Snapshot) => snapshot.context.options;
export const selectOverLimits = (snapshot: Snapshot) =>
  overLimits(snapshot.context.files, snapshot.context.options?.limits);
