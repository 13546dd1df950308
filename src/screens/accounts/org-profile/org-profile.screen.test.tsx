// /org/{slug} against a mocked server: the header (initials, name, slug, abbreviation, count,
// website), the default tab (Collections when any exist), the empty texts, keyboard tabs, states.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import axe from 'axe-core';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { OrgProfileScreen } from './org-profile.screen';
import { renderScreen } from '../../../testing/render-screen';

const EMPTY_ORG = {
  name: 'Advokátní komora',
  slug: 'akcr',
  abbreviation: 'ČAK',
  website: 'https://www.cak.cz/',
  locations: [],
  collections: [],
};
const FULL_ORG = {
  ...EMPTY_ORG,
  locations: [
    { city: 'Praha', country: 'CZ' },
    { city: 'Brno', country: 'CZ' },
  ],
  collections: [
    {
      collection_id: '22222222-2222-4222-8222-222222222222',
      role: 'owner',
      owner_type: 'org',
      owner_handle: 'akcr',
      slug: 'eu-pravo',
      name: 'Právo EU',
    },
    {
      collection_id: '33333333-3333-4333-8333-333333333333',
      role: 'maintainer',
      owner_type: 'user',
      owner_handle: 'jana',
      slug: 'gdpr',
      name: 'GDPR',
    },
  ],
};

let answer: () => Response = () => HttpResponse.json(EMPTY_ORG);
setUpComponentTests();
mockApi(http.get('*/v1/public/orgs/:slug', () => answer()));
afterEach(() => {
  answer = () => HttpResponse.json(EMPTY_ORG);
});

// Radix Themes repeats a tab's label in a visibility:hidden span (for a stable width); jsdom has
// no stylesheet to hide it, so the names are matched by their start.
describe('OrgProfileScreen', () => {
  it('shows the header and opens Overview when there are no collections, with the empty texts', async () => {
    renderScreen(<OrgProfileScreen orgSlug="akcr" />);
    expect(screen.getByRole('status').textContent).toContain('Loading the organization');
    expect(await screen.findByRole('heading', { level: 1, name: 'Advokátní komora' })).toBeTruthy();
    expect(document.title).toBe('Advokátní komora · Lexhub');
    expect(screen.getByTestId('initials-avatar').textContent).toBe('AD');
    expect(screen.getByText('akcr')).toBeTruthy();
    expect(screen.getByText('ČAK')).toBeTruthy();
    expect(screen.getByText('0 collections')).toBeTruthy();
    const website = screen.getByRole('link', { name: 'https://www.cak.cz/' });
    expect(website.getAttribute('rel')).toBe('noopener noreferrer');

    const overview = screen.getByRole('tab', { name: /^Overview/ });
    expect(overview.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toContain('No additional info yet');

    await userEvent.setup().click(screen.getByRole('tab', { name: /^Collections/ }));
    expect(screen.getByRole('tabpanel').textContent).toContain('No public collections');
  });

  it('opens the Collections tab first when there are collections; Overview lists the locations', async () => {
    answer = () => HttpResponse.json(FULL_ORG);
    renderScreen(<OrgProfileScreen orgSlug="akcr" />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('2 collections')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /^Collections/ }).getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    // Each row: name, role, owner handle, slug, and View to the owner's collection page.
    const [owned, maintained] = within(panel).getAllByRole('listitem');
    expect(owned!.textContent).toContain('Právo EU');
    expect(within(owned!).getByText('Owner')).toBeTruthy();
    expect(within(owned!).getByText('Owned by akcr')).toBeTruthy();
    expect(within(owned!).getByText('Slug: eu-pravo')).toBeTruthy();
    const view = within(owned!).getByRole('link', { name: 'View Právo EU' });
    expect(view.textContent).toBe('View');
    expect(view.getAttribute('href')).toBe('/org/akcr/eu-pravo');
    expect(within(maintained!).getByText('Maintainer')).toBeTruthy();
    expect(within(maintained!).getByText('Owned by @jana')).toBeTruthy();
    expect(within(maintained!).getByText('Slug: gdpr')).toBeTruthy();
    expect(within(maintained!).getByRole('link', { name: 'View GDPR' }).getAttribute('href')).toBe('/u/jana/gdpr');

    // Keyboard only: focus the selected tab, arrow to Overview.
    const user = userEvent.setup();
    screen.getByRole('tab', { name: /^Collections/ }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: /^Overview/ }).getAttribute('aria-selected')).toBe('true');
    const overview = screen.getByRole('tabpanel');
    expect(within(overview).getByText('Praha, Czechia')).toBeTruthy();
    expect(within(overview).getByText('Brno, Czechia')).toBeTruthy();
    expect(overview.textContent).not.toContain('No additional info yet');
  });

  it("says 'Not found' for an unknown organization", async () => {
    answer = () => HttpResponse.json({ detail: 'not_found' }, { status: 404 });
    renderScreen(<OrgProfileScreen orgSlug="nikdo" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeTruthy();
  });

  it('reports an error and loads again on retry', async () => {
    answer = () => HttpResponse.json({ detail: 'internal_error' }, { status: 500 });
    renderScreen(<OrgProfileScreen orgSlug="akcr" />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The organization could not be loaded: Something went wrong on the server. Try again later.',
    );
    answer = () => HttpResponse.json(EMPTY_ORG);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Advokátní komora' })).toBeTruthy();
  });

  it('drops a website that is not http(s), and has no serious axe violations', async () => {
    answer = () => HttpResponse.json({ ...FULL_ORG, website: 'javascript:alert(1)' });
    renderScreen(<OrgProfileScreen orgSlug="akcr" />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('javascript:alert(1)')).toBeNull();
    const report = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const serious = report.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious.map((violation) => violation.id)).toEqual([]);
  });
});
