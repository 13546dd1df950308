// /teams against a mocked server: the caller's organizations with roles, creating one (slug
// suggested from the name, locations, slug_taken), and managing members (add, role, remove,
// already_member and last_owner as messages).
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { JANA as USER } from '../../../testing/users';
import { TeamsScreen } from './teams.screen';
import { renderScreen } from '../../../testing/render-screen';

type Member = { username: string; first_name: string; last_name: string; role: 'owner' | 'admin' | 'member' };
const ORG_ID = '33333333-3333-4333-8333-333333333333';
let members: Member[] = [];
const org = () => ({
  id: ORG_ID,
  name: 'Advokátní komora',
  slug: 'akcr',
  abbreviation: 'ČAK',
  website: null,
  locations: [],
  role: 'owner' as const,
  members,
});
const summary = (o: ReturnType<typeof org>) => {
  const { members: list, ...rest } = o;
  return { ...rest, member_count: list.length };
};

const created: unknown[] = [];
setUpComponentTests();
mockApi(
  http.all('*/v1/preferences/language', () => HttpResponse.json({ language: null })),
  http.get('*/v1/orgs', () =>
    HttpResponse.json({
      items: [
        summary(org()),
        {
          ...summary(org()),
          id: '44444444-4444-4444-8444-444444444444',
          name: 'Spolek',
          slug: 'spolek',
          role: 'member',
        },
      ],
    }),
  ),
  http.post('*/v1/orgs', async ({ request }) => {
    const body = (await request.json()) as {
      name: string;
      slug: string;
      abbreviation: string | null;
      website: string;
      locations: unknown[];
    };
    created.push(body);
    if (body.slug === 'akcr') return HttpResponse.json({ detail: 'slug_taken' }, { status: 409 });
    return HttpResponse.json({
      id: '55555555-5555-4555-8555-555555555555',
      name: body.name,
      slug: body.slug,
      abbreviation: body.abbreviation,
      website: body.website || null,
      locations: body.locations,
      role: 'owner',
      members: [{ username: 'jana', first_name: 'Jana', last_name: 'Nováková', role: 'owner' }],
    });
  }),
  http.get('*/v1/orgs/:slug', () => HttpResponse.json(org())),
  http.post('*/v1/orgs/:slug/members', async ({ request }) => {
    const body = (await request.json()) as { username: string; role: Member['role'] };
    if (members.some((m) => m.username === body.username))
      return HttpResponse.json({ detail: 'already_member' }, { status: 409 });
    members = [...members, { username: body.username, first_name: 'Petr', last_name: 'Svoboda', role: body.role }];
    return HttpResponse.json(org());
  }),
  http.patch('*/v1/orgs/:slug/members/:username', async ({ request, params }) => {
    const body = (await request.json()) as { role: Member['role'] };
    if (params.username === 'jana') return HttpResponse.json({ detail: 'last_owner' }, { status: 409 });
    members = members.map((m) => (m.username === params.username ? { ...m, role: body.role } : m));
    return HttpResponse.json(org());
  }),
  http.delete('*/v1/orgs/:slug/members/:username', ({ params }) => {
    members = members.filter((m) => m.username !== params.username);
    return HttpResponse.json(org());
  }),
);
afterEach(() => {
  created.length = 0;
});

function renderLoggedIn() {
  members = [{ username: 'jana', first_name: 'Jana', last_name: 'Nováková', role: 'owner' }];
  return { ...renderScreen(<TeamsScreen />, { user: USER }), user: userEvent.setup() };
}

describe('TeamsScreen', () => {
  it('asks an anonymous visitor to log in', () => {
    renderScreen(<TeamsScreen />, { user: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Teams' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth/login');
  });

  it("lists the user's organizations with their role; only owners and admins manage members", async () => {
    renderLoggedIn();
    const list = await screen.findByTestId('my-orgs');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Advokátní komora' }).getAttribute('href')).toBe('/org/akcr');
    expect(items[0]!.textContent).toContain('Owner');
    expect(items[0]!.textContent).toContain('1 member');
    expect(within(items[0]!).getByRole('button', { name: 'Manage members of Advokátní komora' })).toBeTruthy();
    expect(items[1]!.textContent).toContain('Member');
    expect(within(items[1]!).queryByRole('button')).toBeNull();
  });

  it('creates an organization with a slug suggested from the name, and shows slug_taken', async () => {
    const { user } = renderLoggedIn();
    await screen.findByTestId('my-orgs');
    const create = screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await user.type(screen.getByLabelText('Name'), 'Advokátní komora');
    expect((screen.getByLabelText('Address (slug)') as HTMLInputElement).value).toBe('advokatni-komora');
    await user.click(screen.getByRole('button', { name: 'Add a location' }));
    await user.type(screen.getByLabelText('City 1'), 'Praha');
    await user.type(screen.getByLabelText('Country 1'), 'cz');
    // A slug typed by hand stays.
    await user.clear(screen.getByLabelText('Address (slug)'));
    await user.type(screen.getByLabelText('Address (slug)'), 'akcr');
    await user.type(screen.getByLabelText('Name'), ' ČR');
    expect((screen.getByLabelText('Address (slug)') as HTMLInputElement).value).toBe('akcr');
    await user.click(create);
    expect((await screen.findByRole('alert')).textContent).toBe('This address (slug) is already taken.');
    expect(screen.getByLabelText('Address (slug)').getAttribute('aria-invalid')).toBe('true');

    await user.clear(screen.getByLabelText('Address (slug)'));
    await user.type(screen.getByLabelText('Address (slug)'), 'cak{Enter}');
    expect((await screen.findByRole('status')).textContent).toContain('Organization created.');
    expect(created.at(-1)).toEqual({
      name: 'Advokátní komora ČR',
      slug: 'cak',
      abbreviation: null,
      website: '',
      locations: [{ city: 'Praha', country: 'CZ' }],
    });
    expect(
      within(screen.getByTestId('my-orgs')).getByRole('link', { name: 'Advokátní komora ČR' }).getAttribute('href'),
    ).toBe('/org/cak');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('adds a member, changes a role, removes one, and explains already_member and last_owner', async () => {
    const { user } = renderLoggedIn();
    await user.click(await screen.findByRole('button', { name: 'Manage members of Advokátní komora' }));
    const panel = await screen.findByTestId('org-members');
    expect(within(panel).getByRole('heading', { level: 2, name: 'Members of Advokátní komora' })).toBeTruthy();
    await within(panel).findByTestId('member-jana');

    await user.type(within(panel).getByLabelText('Handle'), 'petr');
    await user.selectOptions(within(panel).getByLabelText('Role'), 'admin');
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    const petr = await within(panel).findByTestId('member-petr');
    expect((within(petr).getByRole('combobox', { name: 'Role of petr' }) as HTMLSelectElement).value).toBe('admin');
    expect((within(panel).getByLabelText('Handle') as HTMLInputElement).value).toBe('');
    // The list row follows the member count.
    expect(screen.getByTestId('my-orgs').textContent).toContain('2 members');

    await user.type(within(panel).getByLabelText('Handle'), 'petr{Enter}');
    expect((await within(panel).findByRole('alert')).textContent).toBe('This user is already a member.');

    await user.selectOptions(within(petr).getByRole('combobox', { name: 'Role of petr' }), 'member');
    expect(await within(panel).findByText('Member', { selector: 'option:checked' })).toBeTruthy();
    expect(members.find((m) => m.username === 'petr')?.role).toBe('member');

    await user.selectOptions(within(within(panel).getByTestId('member-jana')).getByRole('combobox'), 'member');
    expect((await within(panel).findByRole('alert')).textContent).toBe('An organization needs at least one owner.');

    await user.click(within(panel).getByRole('button', { name: 'Remove petr' }));
    await expectGone(() => within(panel).queryByTestId('member-petr'));
    expect(members.map((m) => m.username)).toEqual(['jana']);
  });
});

async function expectGone(query: () => HTMLElement | null) {
  for (let i = 0; i < 50 && query(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(query()).toBeNull();
}
