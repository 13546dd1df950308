// /collections against a mocked server: the public directory for a visitor (filter, Load more),
// the scopes of a signed-in user (Team needs an organization, a 401 falls back to All), rows that
// link to the collection, 'New collection' opening the new one, and the invitations to maintain
// (accept, decline, failures that never block the list, nothing for a visitor).
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import axe from 'axe-core';
import type { CollectionInvitation, CollectionSummary } from '../../../api/contract/collections';
import { toastTexts } from '../../../components/toast/testing';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render-screen';
import { JANA } from '../../../testing/users';
import { CollectionsListScreen } from './collections-list.screen';

const ORG_ID = '33333333-3333-4333-8333-333333333333';
const summary = (n: number, overrides: Partial<CollectionSummary> = {}): CollectionSummary => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Collection ${n}`,
  slug: `collection-${n}`,
  description: null,
  owner_type: 'user',
  owner_handle: 'jana',
  visibility: 'private',
  vanity_handle: null,
  role: 'owner',
  document_count: n,
  public_path: null,
  ...overrides,
});

const INVITED: CollectionInvitation = {
  collection_id: '00000000-0000-4000-8000-000000000007',
  collection_name: 'Správní řád',
  owner_type: 'user',
  owner_handle: 'petr',
  maintainer_type: 'user',
  maintainer_id: JANA.id,
  handle: 'jana',
};
const INVITED_ORG: CollectionInvitation = {
  collection_id: '00000000-0000-4000-8000-000000000008',
  collection_name: 'Advokacie',
  owner_type: 'org',
  owner_handle: 'cak',
  maintainer_type: 'org',
  maintainer_id: ORG_ID,
  handle: 'akcr',
};

const asked: URLSearchParams[] = [];
const created: unknown[] = [];
let mineStatus = 200;
let invitations: CollectionInvitation[] = [];
let invitationsAsked = 0;
const answers: string[] = [];

setUpComponentTests();
const server = mockApi(
  http.get('*/v1/legal/collections', ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push(query);
    const scope = query.get('scope');
    if (scope === 'mine' && mineStatus !== 200)
      return HttpResponse.json({ detail: 'not_authenticated' }, { status: mineStatus });
    if (scope === 'mine') return HttpResponse.json({ items: [summary(1)], next_cursor: null });
    if (scope === 'team')
      return HttpResponse.json({
        items: [summary(2, { owner_type: 'org', owner_handle: 'akcr', visibility: 'team' })],
        next_cursor: null,
      });
    if (query.get('cursor') === 'c1')
      return HttpResponse.json({
        items: [summary(4, { visibility: 'public', public_path: '/u/jana/collection-4' })],
        next_cursor: null,
      });
    if (query.get('q'))
      return HttpResponse.json({
        items: [summary(5, { name: 'Ústavní právo', visibility: 'public' })],
        next_cursor: null,
      });
    return HttpResponse.json({
      items: [summary(3, { visibility: 'public', public_path: '/u/jana/collection-3', description: 'Základ' })],
      next_cursor: 'c1',
    });
  }),
  http.get('*/v1/orgs', () =>
    HttpResponse.json({
      items: [
        {
          id: ORG_ID,
          name: 'Advokátní komora',
          slug: 'akcr',
          abbreviation: null,
          website: null,
          locations: [],
          role: 'admin',
          member_count: 3,
        },
      ],
    }),
  ),
  http.get('*/v1/legal/collection-invitations', () => {
    invitationsAsked += 1;
    return HttpResponse.json({ items: invitations });
  }),
  http.post('*/v1/legal/collections/:id/maintainers/:maintainerId/accept', ({ params, request }) => {
    answers.push(`accept ${String(params.id)} ${new URL(request.url).searchParams.get('maintainer_type')}`);
    invitations = invitations.filter((invitation) => invitation.collection_id !== params.id);
    return HttpResponse.json({ items: [] });
  }),
  http.delete('*/v1/legal/collections/:id/maintainers/:maintainerId', ({ params, request }) => {
    answers.push(`decline ${String(params.id)} ${new URL(request.url).searchParams.get('maintainer_type')}`);
    invitations = invitations.filter((invitation) => invitation.collection_id !== params.id);
    return HttpResponse.json({ items: [] });
  }),
  http.post('*/v1/legal/collections', async ({ request }) => {
    const body = (await request.json()) as { name: string };
    created.push(body);
    return HttpResponse.json({ ...summary(9, { name: body.name }), documents: [] }, { status: 201 });
  }),
);
afterEach(() => {
  asked.length = 0;
  created.length = 0;
  mineStatus = 200;
  invitations = [];
  invitationsAsked = 0;
  answers.length = 0;
});

const rows = async () => within(await screen.findByTestId('collections')).getAllByRole('listitem');

describe('CollectionsListScreen', () => {
  it('gives a visitor the public directory with a name filter and Load more', async () => {
    const user = userEvent.setup();
    renderScreen(<CollectionsListScreen />, { user: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Collections' })).toBeTruthy();
    const [row] = await rows();
    expect(within(row!).getByRole('link', { name: 'Collection 3' }).getAttribute('href')).toBe(
      '/collections/00000000-0000-4000-8000-000000000003',
    );
    expect(row!.textContent).toContain('@jana');
    expect(row!.textContent).toContain('Public');
    expect(row!.textContent).toContain('3 documents');
    expect(within(row!).getByRole('link', { name: 'Public page of Collection 3' }).getAttribute('href')).toBe(
      '/u/jana/collection-3',
    );
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New collection' })).toBeNull();
    expect(asked.map((query) => query.get('scope'))).toEqual(['all']);
    expect(invitationsAsked).toBe(0);
    expect(screen.queryByRole('region', { name: 'Invitations to maintain' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    expect(asked.at(-1)?.get('cursor')).toBe('c1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: 'Filter by name' }), 'ústava');
    await waitFor(async () =>
      expect((await rows()).map((item) => item.textContent)).toEqual([expect.stringContaining('Ústavní právo')]),
    );
    expect(asked.at(-1)?.get('q')).toBe('ústava');
    expect(asked.at(-1)?.get('cursor')).toBeNull();
  });

  it('lists Mine, asks for an organization on Team and lists the chosen one', async () => {
    const user = userEvent.setup();
    renderScreen(<CollectionsListScreen />, { user: JANA });
    await rows();
    const mine = screen.getByRole('radio', { name: 'Mine' });
    expect(mine.getAttribute('aria-checked')).toBe('true');
    expect(asked.map((query) => query.get('scope'))).toEqual(['mine']);

    await user.click(screen.getByRole('radio', { name: 'Team' }));
    expect(await screen.findByText('Enter an organization ID for Team')).toBeTruthy();
    expect(screen.queryByTestId('collections')).toBeNull();
    const select = screen.getByRole('combobox', { name: 'Organization' });
    await user.selectOptions(select, 'Advokátní komora');
    const [row] = await rows();
    expect(row!.textContent).toContain('akcr (organization)');
    expect(row!.textContent).toContain('Team');
    expect(asked.at(-1)?.get('organization_id')).toBe(ORG_ID);

    // Another organization by its typed id.
    await user.selectOptions(select, 'Another (enter its ID)');
    expect(screen.getByText('Enter an organization ID for Team')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Organization ID' }), '44444444-4444-4444-8444-444444444444');
    await waitFor(() => expect(asked.at(-1)?.get('organization_id')).toBe('44444444-4444-4444-8444-444444444444'));
  });

  it('switches to All when Mine answers 401', async () => {
    mineStatus = 401;
    renderScreen(<CollectionsListScreen />, { user: JANA });
    await rows();
    expect(asked.map((query) => query.get('scope'))).toEqual(['mine', 'all']);
    expect(screen.getByRole('radio', { name: 'All' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows 401 on All as an empty list without an error', async () => {
    server.use(
      http.get('*/v1/legal/collections', () => HttpResponse.json({ detail: 'not_authenticated' }, { status: 401 })),
    );
    renderScreen(<CollectionsListScreen />, { user: null });
    expect(await screen.findByText('No public collections yet.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows other failures with a way to try again', async () => {
    server.use(
      http.get('*/v1/legal/collections', () => HttpResponse.json({ detail: 'internal_error' }, { status: 500 })),
    );
    renderScreen(<CollectionsListScreen />, { user: null });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load collections: Something went wrong on the server.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('creates a collection for an organization I run and opens it', async () => {
    const user = userEvent.setup();
    const { location } = renderScreen(<CollectionsListScreen />, { user: JANA, path: '/collections' });
    await rows();
    await user.click(screen.getByRole('button', { name: 'New collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'New collection' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ústavní právo');
    const owner = within(dialog).getByRole('combobox', { name: 'Owner' });
    expect(
      within(owner)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Me (@jana)', 'Advokátní komora']);
    await user.selectOptions(owner, 'Advokátní komora');
    await user.click(create);
    await waitFor(() => expect(location.history.at(-1)).toBe('/collections/00000000-0000-4000-8000-000000000009'));
    expect(created).toEqual([{ name: 'Ústavní právo', owner_type: 'org', organization_id: ORG_ID }]);
  });

  it('accepts an invitation from the keyboard: the row goes, a toast, and the list asks again', async () => {
    invitations = [INVITED, INVITED_ORG];
    const user = userEvent.setup();
    renderScreen(<CollectionsListScreen />, { user: JANA, toasts: true });
    const region = await screen.findByRole('region', { name: 'Invitations to maintain' });
    await rows();
    const items = within(region).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Správní řád.*Owner: @petr.*For you/),
      expect.stringMatching(/^Advokacie.*Owner: cak \(organization\).*For the organization akcr/),
    ]);
    // The invitations come before the list in the document.
    const list = screen.getByTestId('collections');
    expect(region.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const accept = within(region).getByRole('button', { name: 'Accept the invitation to maintain Správní řád' });
    expect(accept.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(accept.getAttribute('aria-describedby')!)?.textContent).toBe('For you');
    accept.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1));
    expect(answers).toEqual([`accept ${INVITED.collection_id} user`]);
    await waitFor(() => expect(toastTexts()).toContain('You now maintain “Správní řád”.'));
    await waitFor(() => expect(asked.map((query) => query.get('scope'))).toEqual(['mine', 'mine']));
    expect(document.activeElement).toBe(within(region).getByRole('heading', { name: 'Invitations to maintain' }));

    await user.click(within(region).getByRole('button', { name: 'Accept the invitation to maintain Advokacie' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitations to maintain' })).toBeNull());
    expect(answers.at(-1)).toBe(`accept ${INVITED_ORG.collection_id} org`);
    await waitFor(() =>
      expect(toastTexts()).toContain('The organization akcr now maintains “Advokacie”: it is listed under Team.'),
    );
    // The last one answered: the focus goes to the page's heading, not to nowhere.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Collections' }));
  });

  it('declines an invitation: the section goes with it, a toast says so, the list stays', async () => {
    invitations = [INVITED];
    const user = userEvent.setup();
    renderScreen(<CollectionsListScreen />, { user: JANA, toasts: true });
    const region = await screen.findByRole('region', { name: 'Invitations to maintain' });
    await user.click(within(region).getByRole('button', { name: 'Decline the invitation to maintain Správní řád' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitations to maintain' })).toBeNull());
    expect(answers).toEqual([`decline ${INVITED.collection_id} user`]);
    await waitFor(() => expect(toastTexts()).toContain('Invitation to maintain “Správní řád” declined.'));
    expect(asked.map((query) => query.get('scope'))).toEqual(['mine']);
    expect(await rows()).toHaveLength(1);
  });

  it('says why an answer failed and keeps the invitation', async () => {
    invitations = [INVITED];
    server.use(
      http.post('*/v1/legal/collections/:id/maintainers/:maintainerId/accept', () =>
        HttpResponse.json({ detail: 'forbidden' }, { status: 403 }),
      ),
    );
    const user = userEvent.setup();
    renderScreen(<CollectionsListScreen />, { user: JANA });
    const region = await screen.findByRole('region', { name: 'Invitations to maintain' });
    await user.click(within(region).getByRole('button', { name: 'Accept the invitation to maintain Správní řád' }));
    expect((await within(region).findByRole('alert')).textContent).toBe(
      'The invitation to maintain “Správní řád” could not be answered: You may not do this with this collection.',
    );
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
    expect(document.activeElement).toBe(within(region).getByRole('heading', { name: 'Invitations to maintain' }));
  });

  it('shows no section without invitations, and a failure to load them only as a small retry', async () => {
    server.use(
      http.get('*/v1/legal/collection-invitations', () => {
        invitationsAsked += 1;
        return HttpResponse.json({ detail: 'internal_error' }, { status: 500 });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<CollectionsListScreen />, { user: JANA });
    const failed = await screen.findByTestId('invitations-failed');
    expect(failed.getAttribute('role')).toBe('status');
    expect(failed.textContent).toContain('Invitations to maintain could not be loaded.');
    expect(await rows()).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Invitations to maintain' })).toBeNull();

    server.resetHandlers();
    await user.click(within(failed).getByRole('button', { name: 'Load invitations again' }));
    await waitFor(() => expect(screen.queryByTestId('invitations-failed')).toBeNull());
    expect(invitationsAsked).toBe(2);
    expect(screen.queryByRole('region', { name: 'Invitations to maintain' })).toBeNull();

    // Refresh asks for both.
    invitations = [INVITED];
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('region', { name: 'Invitations to maintain' })).toBeTruthy();
  });

  it('has no serious axe violations', async () => {
    invitations = [INVITED, INVITED_ORG];
    renderScreen(<CollectionsListScreen />, { user: JANA });
    await rows();
    await screen.findByRole('region', { name: 'Invitations to maintain' });
    const report = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const serious = report.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);
  });
});
