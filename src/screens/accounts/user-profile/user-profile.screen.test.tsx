// /u/{username} against a mocked server: loading, not found, error with retry, and a profile
// whose HTML stays text, whose links are safe, with collections and organizations linked.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import axe from 'axe-core';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { UserProfileScreen } from './user-profile.screen';
import { renderScreen } from '../../../testing/render-screen';

const PROFILE = {
  username: 'jana',
  name: { first: 'Jana', last: 'Nováková' },
  photo_url: 'https://example.com/jana.jpg',
  bio: 'Advokátka. <b>x</b> <img src=x onerror=alert(1)>',
  languages: ['cs', 'en'],
  email: 'jana@example.com',
  links: { linkedin: 'https://www.linkedin.com/in/jana', website: 'javascript:alert(1)' },
  collections: [
    {
      collection_id: '11111111-1111-4111-8111-111111111111',
      role: 'owner',
      owner_type: 'user',
      owner_handle: 'jana',
      slug: 'ustavni-pravo',
      name: 'Ústavní právo',
    },
    {
      collection_id: '22222222-2222-4222-8222-222222222222',
      role: 'maintainer',
      owner_type: 'org',
      owner_handle: 'akcr',
      slug: 'eu-pravo',
      name: 'Právo EU',
    },
    {
      collection_id: '33333333-3333-4333-8333-333333333333',
      role: 'maintainer',
      owner_type: 'user',
      owner_handle: 'petr',
      slug: 'gdpr',
      name: 'GDPR',
    },
  ],
  organizations: [
    { id: '44444444-4444-4444-8444-444444444444', slug: 'akcr', name: 'Advokátní komora', role: 'admin' },
  ],
};

let answer: () => Response = () => HttpResponse.json(PROFILE);
const asked: string[] = [];
setUpComponentTests();
mockApi(
  http.get('*/v1/public/users/:username', ({ params }) => {
    asked.push(String(params.username));
    return answer();
  }),
);
afterEach(() => {
  answer = () => HttpResponse.json(PROFILE);
  asked.length = 0;
});

describe('UserProfileScreen', () => {
  it('shows a loading state, then the profile', async () => {
    renderScreen(<UserProfileScreen username="jana" />);
    expect(screen.getByRole('status').textContent).toContain('Loading the profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jana Nováková' })).toBeTruthy();
    expect(screen.getByText('@jana')).toBeTruthy();
    expect(asked).toEqual(['jana']);
    expect(document.title).toBe('Jana Nováková · Lexhub');
    const photo = screen.getByRole('img', { name: 'Photo of Jana Nováková' });
    expect(photo.getAttribute('src')).toBe('https://example.com/jana.jpg');
  });

  it('shows HTML in the bio as text, never as markup', async () => {
    renderScreen(<UserProfileScreen username="jana" />);
    const bio = await screen.findByTestId('profile-bio');
    expect(bio.textContent).toBe('Advokátka. <b>x</b> <img src=x onerror=alert(1)>');
    expect(bio.querySelector('b')).toBeNull();
    expect(bio.querySelector('img')).toBeNull();
    expect(document.querySelector('main b, .page b')).toBeNull();
  });

  it('links email, LinkedIn, collections and organizations, and drops a non-http link', async () => {
    renderScreen(<UserProfileScreen username="jana" />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'jana@example.com' }).getAttribute('href')).toBe('mailto:jana@example.com');
    const linkedin = screen.getByRole('link', { name: 'LinkedIn' });
    expect(linkedin.getAttribute('href')).toBe('https://www.linkedin.com/in/jana');
    expect(linkedin.getAttribute('rel')).toBe('noopener noreferrer');
    // javascript: is never a link.
    expect(screen.queryByRole('link', { name: 'Website' })).toBeNull();
    expect([...document.querySelectorAll('a')].some((a) => a.getAttribute('href')?.startsWith('javascript'))).toBe(
      false,
    );

    const collections = screen.getByRole('region', { name: 'Collections' });
    // Each links to its owner's page, by owner_type and owner_handle; a maintained one names its owner.
    const own = within(collections).getByRole('link', { name: 'Ústavní právo' });
    expect(own.getAttribute('href')).toBe('/u/jana/ustavni-pravo');
    expect(own.closest('li')!.textContent).toContain('Owner');
    expect(own.closest('li')!.textContent).not.toContain('Owned by');
    const org = within(collections).getByRole('link', { name: 'Právo EU' });
    expect(org.getAttribute('href')).toBe('/org/akcr/eu-pravo');
    expect(org.closest('li')!.textContent).toContain('Maintainer');
    expect(org.closest('li')!.textContent).toContain('Owned by akcr');
    const other = within(collections).getByRole('link', { name: 'GDPR' });
    expect(other.getAttribute('href')).toBe('/u/petr/gdpr');
    expect(other.closest('li')!.textContent).toContain('Owned by @petr');

    const organizations = screen.getByRole('region', { name: 'Organizations' });
    expect(within(organizations).getByRole('link', { name: 'Advokátní komora' }).getAttribute('href')).toBe(
      '/org/akcr',
    );
    // Languages by name.
    expect(screen.getByText('Czech')).toBeTruthy();
    expect(screen.getByText('English')).toBeTruthy();
  });

  it('shows initials when there is no photo, and empty sections plainly', async () => {
    answer = () =>
      HttpResponse.json({
        ...PROFILE,
        photo_url: null,
        bio: null,
        email: null,
        links: { linkedin: null, website: null },
        collections: [],
        organizations: [],
      });
    renderScreen(<UserProfileScreen username="jana" />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('initials-avatar').textContent).toBe('JN');
    expect(screen.getByText('No public collections yet.')).toBeTruthy();
    expect(screen.getByText('Not a member of any organization.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
  });

  it("says 'Not found' for an unknown handle", async () => {
    answer = () => HttpResponse.json({ detail: 'not_found' }, { status: 404 });
    renderScreen(<UserProfileScreen username="nikdo" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeTruthy();
    expect(screen.getByText('There is no user with the handle @nikdo.')).toBeTruthy();
  });

  it('reports an error and loads again on retry', async () => {
    answer = () => HttpResponse.json({ detail: 'internal_error' }, { status: 500 });
    renderScreen(<UserProfileScreen username="jana" />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The profile could not be loaded: Something went wrong on the server. Try again later.',
    );
    answer = () => HttpResponse.json(PROFILE);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Jana Nováková' })).toBeTruthy();
    expect(asked).toHaveLength(2);
  });

  it('has headings in order and no serious axe violations', async () => {
    renderScreen(<UserProfileScreen username="jana" />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByRole('heading').map((heading) => heading.tagName)).toEqual(['H1', 'H2', 'H2']);
    const report = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const serious = report.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious.map((violation) => violation.id)).toEqual([]);
  });
});
