// The import page's flow with its calls provided: options decide the page, a pick uploads with
// progress per file, the server's summary or its refusal ends it.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { ImportOptions } from '../../api/contract/admin-imports';
import { IMPORT_RESULT } from './fixtures';
import {
  fileProgress,
  importUploadMachine,
  overLimits,
  selectPhase,
  type ImportUploadEvent,
  type UploadFile,
} from './import-upload.machine';

const LIMITS = { max_files: 3, max_file_bytes: 100, max_total_bytes: 150 };
const OPTIONS: ImportOptions = { engine: 'pglite', operator: true, limits: LIMITS };
const file = (path: string, size: number): UploadFile => ({ path, size, blob: new Blob(['x'.repeat(size)]) });
const RESULT = IMPORT_RESULT;

/** An upload that reports progress, then hands the test the way to finish it. */
function scriptedUpload(finish: (sendBack: (event: ImportUploadEvent) => void) => void) {
  return fromCallback<ImportUploadEvent, { files: UploadFile[] }>(({ sendBack }) => {
    sendBack({ type: 'upload.progress', loaded: 60, total: 120 });
    finish(sendBack);
  });
}

function start(options: ImportOptions, upload = scriptedUpload(() => {})) {
  const actor = createActor(
    importUploadMachine.provide({
      actors: { loadOptions: fromPromise(async () => options), upload },
    }),
  );
  actor.start();
  return actor;
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('importUploadMachine', () => {
  it('shows the page to operators only', async () => {
    const other = start({ ...OPTIONS, operator: false });
    await settled();
    expect(selectPhase(other.getSnapshot())).toBe('notOperator');
    const operator = start(OPTIONS);
    await settled();
    expect(selectPhase(operator.getSnapshot())).toBe('ready');
  });

  it('uploads a pick with progress, waits while the server imports, then holds the summary', async () => {
    let report: (event: ImportUploadEvent) => void = () => {};
    const actor = start(
      OPTIONS,
      scriptedUpload((sendBack) => {
        report = sendBack;
      }),
    );
    await settled();
    actor.send({ type: 'upload.start' });
    expect(selectPhase(actor.getSnapshot())).toBe('ready'); // nothing picked yet
    actor.send({ type: 'upload.select', files: [file('ropr/2014-09-03.md', 50), file('ropr/README.txt', 10)] });
    actor.send({ type: 'upload.start' });
    expect(selectPhase(actor.getSnapshot())).toBe('sending');
    expect(actor.getSnapshot().context).toMatchObject({ loaded: 60, total: 120 });
    report({ type: 'upload.sent' });
    expect(selectPhase(actor.getSnapshot())).toBe('importing');
    report({ type: 'upload.done', result: RESULT });
    expect(selectPhase(actor.getSnapshot())).toBe('done');
    expect(actor.getSnapshot().context.result).toEqual(RESULT);
    actor.send({ type: 'upload.again' });
    expect(selectPhase(actor.getSnapshot())).toBe('ready');
    expect(actor.getSnapshot().context.files).toEqual([]);
  });

  it('keeps the pick after a refusal so the operator can try again', async () => {
    const actor = start(
      OPTIONS,
      scriptedUpload((sendBack) => sendBack({ type: 'upload.failed', error: new ApiError(409, 'import_running') })),
    );
    await settled();
    actor.send({ type: 'upload.select', files: [file('a/b.md', 5)] });
    actor.send({ type: 'upload.start' });
    expect(selectPhase(actor.getSnapshot())).toBe('failed');
    expect(actor.getSnapshot().context.error?.detail).toBe('import_running');
    expect(actor.getSnapshot().context.files).toHaveLength(1);

    // After the failure a new pick replaces the old one (and the message goes); Clear empties it.
    actor.send({ type: 'upload.select', files: [file('c/d.md', 7), file('c/e.md', 8)] });
    expect(selectPhase(actor.getSnapshot())).toBe('ready');
    expect(actor.getSnapshot().context.files.map((picked) => picked.path)).toEqual(['c/d.md', 'c/e.md']);
    expect(actor.getSnapshot().context.error).toBeUndefined();
    actor.send({ type: 'upload.start' });
    expect(selectPhase(actor.getSnapshot())).toBe('failed');
    actor.send({ type: 'upload.clear' });
    expect(selectPhase(actor.getSnapshot())).toBe('ready');
    expect(actor.getSnapshot().context.files).toEqual([]);
  });

  it('does not send a pick over the limits', async () => {
    const actor = start(OPTIONS);
    await settled();
    actor.send({ type: 'upload.select', files: [file('a/big.md', 101)] });
    actor.send({ type: 'upload.start' });
    expect(selectPhase(actor.getSnapshot())).toBe('ready');
    expect(overLimits([file('a', 1), file('b', 1), file('c', 1), file('d', 1)], LIMITS)).toBe('too_many_files');
    expect(overLimits([file('a', 100), file('b', 100)], LIMITS)).toBe('payload_too_large');
    expect(overLimits([file('a', 100)], LIMITS)).toBeUndefined();
  });

  it('says when loading the options failed, and retries', async () => {
    let calls = 0;
    const actor = createActor(
      importUploadMachine.provide({
        actors: {
          loadOptions: fromPromise(async () => {
            calls += 1;
            if (calls === 1) throw new ApiError(0, 'network_error');
            return OPTIONS;
          }),
        },
      }),
    ).start();
    await settled();
    expect(selectPhase(actor.getSnapshot())).toBe('failedToLoad');
    actor.send({ type: 'page.retry' });
    await settled();
    expect(selectPhase(actor.getSnapshot())).toBe('ready');
  });
});

describe('fileProgress', () => {
  it('fills the files in order', () => {
    const files = [file('a', 100), file('b', 100), file('c', 0)];
    expect(fileProgress(files, 0, 200)).toEqual([0, 0, 0]);
    expect(fileProgress(files, 150, 200)).toEqual([1, 0.5, 0]);
    expect(fileProgress(files, 200, 200)).toEqual([1, 1, 1]);
  });
});
