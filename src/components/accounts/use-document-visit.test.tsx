// The document page's visit recorder with the real machine and a mocked server: one POST after
// 2 s for a logged-in reader, none for an anonymous one, none when the page closes earlier.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setUpComponentTests } from '../../testing/component-tests';
import { mockApi } from '../../testing/mock-api';
import { JANA as USER } from '../../testing/users';
import { useDocumentVisit } from './use-document-visit';
import { renderScreen } from '../../testing/render-screen';

const DOC = '6f1c1f8e-1d1a-5b6e-9a2f-4c3e2b1a0d9f';

const recorded: { document_id: string; context: string; session_id: string }[] = [];
setUpComponentTests();
mockApi(
  http.all('*/v1/preferences/language', () => HttpResponse.json({ language: null })),
  http.post('*/v1/user/document-access', async ({ request }) => {
    recorded.push((await request.json()) as (typeof recorded)[number]);
    return HttpResponse.json({ status: 'ok' });
  }),
);

function Page({ id }: { id: string }) {
  useDocumentVisit(id);
  return <p>document</p>;
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  vi.useRealTimers();
  recorded.length = 0;
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Gives a record on its way time to arrive (or shows that none comes). */
const waitForRecord = async () => {
  for (let i = 0; i < 50 && recorded.length === 0; i += 1) await act(() => vi.advanceTimersByTimeAsync(10));
};

describe('useDocumentVisit', () => {
  it('records one view after 2 s for a logged-in reader', async () => {
    const page = renderScreen(<Page id={DOC} />, { user: USER });
    await advance(1900);
    expect(recorded).toEqual([]);
    await advance(100);
    await waitForRecord();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ document_id: DOC, context: 'view' });
    expect(recorded[0]!.session_id.length).toBeGreaterThan(8);
    // Staying longer, or re-rendering, records nothing more.
    page.rerender(<Page id={DOC} />);
    await advance(5000);
    expect(recorded).toHaveLength(1);
  });

  it('records nothing when the page is left before 2 s, or for an anonymous reader', async () => {
    const page = renderScreen(<Page id={DOC} />, { user: USER });
    await advance(1500);
    page.unmount();
    await advance(3000);
    await waitForRecord();
    expect(recorded).toEqual([]);

    renderScreen(<Page id={DOC} />, { user: null });
    await advance(5000);
    await waitForRecord();
    expect(recorded).toEqual([]);
  });
});
