// The document page's rule for the version picker's focus: a version chosen in the picker (which
// the new text rebuilds) lets the next picker take the focus once, within a 10 s window.
import { describe, expect, it, vi } from 'vitest';
import { after, startDocumentPage } from '../../testing/document-page-kit';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { DOCUMENT_ID, branchOf, documentIn, nodeAt } from '../../testing/reader-fixtures';
import { selectVersionFocusPending } from './document-page.machine';

function start() {
  const page = startDocumentPage(
    { documentId: DOCUMENT_ID, idSlug: `${DOCUMENT_ID}-ustava-ceske-republiky`, basePath: '', search: '' },
    {
      loadDocument: () => after(20, { document: documentIn('main'), nodes: [nodeAt('n1', 7)] }),
      loadBranches: () => after(50, [branchOf('b-main', 'main'), branchOf('b-1993', 'snapshot-1993-01-01')]),
      loadLanguages: async () => [],
      loadPage: async () => ({ items: [], next_cursor: null }),
    },
  );
  const pending = () => selectVersionFocusPending(page.actor.getSnapshot());
  return { ...page, pending };
}

describe('document page: the version picker focus', () => {
  fakeTimersInEachTest();

  it('is held by choosing a version and taken once', async () => {
    const page = start();
    await vi.advanceTimersByTimeAsync(50);
    expect(page.pending()).toBe(false);
    page.actor.send({ type: 'branch.select', branchId: 'b-1993' });
    expect(page.pending()).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    page.actor.send({ type: 'version.focus_take' });
    expect(page.pending()).toBe(false);
    // The window's end after the take changes nothing, and nothing holds it again.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(page.pending()).toBe(false);
  });

  it('lapses 10 s after the choice, and a new choice starts a new window', async () => {
    const page = start();
    await vi.advanceTimersByTimeAsync(50);
    page.actor.send({ type: 'branch.select', branchId: 'b-1993' });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(page.pending()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.pending()).toBe(false);

    page.actor.send({ type: 'branch.select', branchId: 'b-main' });
    await vi.advanceTimersByTimeAsync(8_000);
    page.actor.send({ type: 'branch.select', branchId: 'b-1993' });
    // The first choice's window would end here; the second's goes on.
    await vi.advanceTimersByTimeAsync(4_000);
    expect(page.pending()).toBe(true);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(page.pending()).toBe(false);
  });
});
