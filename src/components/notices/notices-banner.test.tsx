// The notices banner: a logged-in user's unread notices of new versions (dated as the reader
// dates versions), read from the keyboard and marked read (POST .../read, gone from the banner);
// reloaded when the live channel brings a `tool.notice`; nothing asked for a visitor; no serious
// axe violations.
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import type { Notice } from '../../api/contract/notices';
import { noticeArrivalsAtom } from '../../atoms/notices/notices.atoms';
import { currentUserAtom } from '../../atoms/accounts/session.atoms';
import { setUpComponentTests } from '../../testing/component-tests';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render-screen';
import { JANA } from '../../testing/users';
import { NoticesBanner } from './notices-banner';

const notice = (id: string, title: string, readAt: string | null = null): Notice => ({
  id,
  kind: 'new_version',
  document_id: '0f6a2b4e-5c1d-4e8f-9a3b-1c2d3e4f5a6b',
  branch_id: '1f6a2b4e-5c1d-4e8f-9a3b-1c2d3e4f5a6b',
  title,
  valid_from: '2026-01-01',
  created_at: '2026-11-25T10:00:00.000Z',
  read_at: readAt,
});
const UNREAD = notice('2f6a2b4e-5c1d-4e8f-9a3b-1c2d3e4f5a6b', 'Ústava České republiky');
const READ = notice('3f6a2b4e-5c1d-4e8f-9a3b-1c2d3e4f5a6b', 'GDPR', '2026-11-25T11:00:00.000Z');
const LATER = notice('4f6a2b4e-5c1d-4e8f-9a3b-1c2d3e4f5a6b', 'GDPR (consolidated)');
const marked: string[] = [];
/** Every GET /v1/notices, in order. */
const listed: string[] = [];
let items: Notice[] = [UNREAD, READ];

setUpComponentTests();
mockApi(
  http.get('*/v1/notices', () => {
    listed.push('GET');
    return HttpResponse.json({ items, unread: items.filter((n) => n.read_at === null).length });
  }),
  http.post('*/v1/notices/:id/read', ({ params }) => {
    marked.push(String(params.id));
    return HttpResponse.json({ ...UNREAD, read_at: '2026-11-25T12:00:00.000Z' });
  }),
);

describe('NoticesBanner', () => {
  it('lists the unread notices only and marks one read from the keyboard', async () => {
    const user = userEvent.setup();
    renderScreen(<NoticesBanner />, { user: JANA });
    const region = await screen.findByRole('region', { name: 'Notices' });
    expect(region.textContent).toContain('A new version of Ústava České republiky, in force from 1 January 2026');
    // The link opens the new version itself (it may not be in force yet), not the current one.
    const link = screen.getByRole('link', { name: /Ústava České republiky/ });
    expect(link.getAttribute('href')).toBe(
      `/documents/${UNREAD.document_id}-ustava-ceske-republiky?branch=${UNREAD.branch_id}`,
    );
    expect(region.textContent).not.toContain('GDPR');
    const report = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(report.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await user.tab();
    expect(document.activeElement?.textContent).toContain('Ústava');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Mark as read');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Notices' })).toBeNull());
    await waitFor(() => expect(marked).toEqual([UNREAD.id]));
  });

  it('reloads when the live channel brings a notice', async () => {
    const { store } = renderScreen(<NoticesBanner />, { user: JANA });
    await screen.findByRole('region', { name: 'Notices' });
    items = [LATER, UNREAD, READ];
    act(() => store.set(noticeArrivalsAtom, (count) => count + 1));
    const region = await screen.findByText(/GDPR \(consolidated\)/);
    expect(region).toBeTruthy();
    items = [UNREAD, READ];
  });

  it('asks nothing and shows nothing for a visitor', async () => {
    listed.length = 0;
    const { store } = renderScreen(<NoticesBanner />, { user: null });
    expect(screen.queryByRole('region', { name: 'Notices' })).toBeNull();
    // Signing in asks once: a request made for the visitor would have come first and shown here.
    act(() => store.set(currentUserAtom, JANA));
    await screen.findByRole('region', { name: 'Notices' });
    expect(listed).toEqual(['GET']);
  });
});
