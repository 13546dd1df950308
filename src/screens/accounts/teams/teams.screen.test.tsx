// /teams against a mocked server: the caller's organizations with roles, creating one (slug
// suggested from the name, locations, slug_taken), managing members (invite, pending invitations
// withdrawn, role, remove, already_invited and last_owner as messages), answering invitations,
// and an owner's rename and confirmed delete.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { JANA as USER } from '../../../testing/users';
import { TeamsScreen } from './teams.screen';
import { renderScreen } from '../../../testing/render-screen';

type Role = 'owner' | 'admin' | 'member';
type Member = { username: string; first_name: string; last_name: string; role: Role };
type Pending = Member & { invited_by: string; created_at: string };
const ORG_ID = '33333333-3333-4333-8333-333333333333';
const INVITING_ID = '66666666-6666-4666-8666-666666666666';
let members: Member[] = [];
let pending: Pending[] = [];
let orgName = 'Advokátní komora';
let deletedSlugs: string[] = [];
let ownsCollections = false;
let myInvitations: { id: string; slug: string; name: string; role: Role }[] = [];
const org = () => ({
  id: ORG_ID,
  name: orgName,
  slug: 'akcr',
  abbreviation: 'ČAK',
  website: null,
  locations: [],
  role: 'owner' as const,
  members,
  invitations: pending,
});
const summary = (o: ReturnType<typeof org>) => {
  const { members: list, invitations: _pending, ...rest } = o;
  return { ...rest, member_count: list.length };
};
const myInvitation = (i: (typeof myInvitations)[number]) => ({
  org: { id: i.id, name: i.name, slug: i.slug },
  role: i.role,
  invited_by: { username: 'petr', first_name: 'Petr', last_name: 'Svoboda' },
  created_at: '2026-11-25T00:00:00.000Z',
});

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
      ].filter((o) => !deletedSlugs.includes(o.slug)),
      next_cursor: null,
    }),
  ),
  http.get('*/v1/org-invitations', () => HttpResponse.json({ items: myInvitations.map(myInvitation) })),
  http.post('*/v1/orgs/:slug/invitations/:username/accept', ({ params }) => {
    const invitation = myInvitations.find((i) => i.slug === params.slug)!;
    myInvitations = myInvitations.filter((i) => i !== invitation);
    return HttpResponse.json({
      ...org(),
      id: invitation.id,
      name: invitation.name,
      slug: invitation.slug,
      role: invitation.role,
      invitations: [],
    });
  }),
  http.post('*/v1/orgs/:slug/invitations/:username/decline', ({ params }) => {
    const invitation = myInvitations.find((i) => i.slug === params.slug)!;
    myInvitations = myInvitations.filter((i) => i !== invitation);
    return HttpResponse.json(myInvitation(invitation));
  }),
  http.delete('*/v1/orgs/:slug/invitations/:username', ({ params }) => {
    pending = pending.filter((p) => p.username !== params.username);
    return HttpResponse.json(org());
  }),
  http.patch('*/v1/orgs/:slug', async ({ request }) => {
    const body = (await request.json()) as { name?: string; slug?: string };
    if (body.slug === 'spolek') return HttpResponse.json({ detail: 'slug_taken' }, { status: 409 });
    orgName = body.name ?? orgName;
    return HttpResponse.json(org());
  }),
  http.delete('*/v1/orgs/:slug', ({ params }) => {
    if (ownsCollections) return HttpResponse.json({ detail: 'org_has_collections' }, { status: 409 });
    deletedSlugs.push(String(params.slug));
    return HttpResponse.json({ id: ORG_ID, name: orgName, slug: params.slug });
  }),
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
      invitations: [],
    });
  }),
  http.get('*/v1/orgs/:slug', () => HttpResponse.json(org())),
  http.post('*/v1/orgs/:slug/members', async ({ request }) => {
    const body = (await request.json()) as { username: string; role: Role };
    if (members.some((m) => m.username === body.username))
      return HttpResponse.json({ detail: 'already_member' }, { status: 409 });
    if (pending.some((m) => m.username === body.username))
      return HttpResponse.json({ detail: 'already_invited' }, { status: 409 });
    pending = [
      ...pending,
      {
        username: body.username,
        first_name: 'Petr',
        last_name: 'Svoboda',
        role: body.role,
        invited_by: 'jana',
        created_at: '2026-11-25T00:00:00.000Z',
      },
    ];
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
  members = [
    { username: 'jana', first_name: 'Jana', last_name: 'Nováková', role: 'owner' },
    { username: 'eva', first_name: 'Eva', last_name: 'Malá', role: 'admin' },
  ];
  pending = [];
  orgName = 'Advokátní komora';
  deletedSlugs = [];
  ownsCollections = false;
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
    expect(items[0]!.textContent).toContain('2 members');
    expect(within(items[0]!).getByRole('button', { name: 'Manage members of Advokátní komora' })).toBeTruthy();
    expect(items[1]!.textContent).toContain('Member');
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    // No invitations: no section.
    expect(screen.queryByTestId('org-invitations')).toBeNull();
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

  it('invites a member (pending, not a member), withdraws, changes a role, removes one, explains refusals', async () => {
    const { user } = renderLoggedIn();
    await user.click(await screen.findByRole('button', { name: 'Manage members of Advokátní komora' }));
    const panel = await screen.findByTestId('org-members');
    expect(within(panel).getByRole('heading', { level: 2, name: 'Members of Advokátní komora' })).toBeTruthy();
    await within(panel).findByTestId('member-jana');

    await user.type(within(panel).getByLabelText('Handle'), 'petr');
    await user.selectOptions(within(panel).getByLabelText('Role'), 'admin');
    await user.click(within(panel).getByRole('button', { name: 'Invite' }));
    const petr = await within(panel).findByTestId('invitation-petr');
    expect(petr.textContent).toContain('Invitation pending');
    expect(petr.textContent).toContain('Admin');
    expect(within(panel).queryByTestId('member-petr')).toBeNull();
    expect(within(panel).getByRole('status').textContent).toContain('Invitation sent to @petr.');
    expect((within(panel).getByLabelText('Handle') as HTMLInputElement).value).toBe('');
    // Invited is not a member: the count stays.
    expect(screen.getByTestId('my-orgs').textContent).toContain('2 members');

    await user.type(within(panel).getByLabelText('Handle'), 'petr{Enter}');
    expect((await within(panel).findByRole('alert')).textContent).toBe('This user is already invited.');
    await user.clear(within(panel).getByLabelText('Handle'));
    await user.type(within(panel).getByLabelText('Handle'), 'eva{Enter}');
    await expectText(() => within(panel).queryByRole('alert')?.textContent, 'This user is already a member.');

    await user.click(within(petr).getByRole('button', { name: 'Withdraw the invitation of petr' }));
    await expectGone(() => within(panel).queryByTestId('invitation-petr'));
    expect(pending).toEqual([]);

    const eva = within(panel).getByTestId('member-eva');
    await user.selectOptions(within(eva).getByRole('combobox', { name: 'Role of eva' }), 'member');
    expect(await within(panel).findByText('Member', { selector: 'option:checked' })).toBeTruthy();
    expect(members.find((m) => m.username === 'eva')?.role).toBe('member');

    await user.selectOptions(within(within(panel).getByTestId('member-jana')).getByRole('combobox'), 'member');
    await expectText(
      () => within(panel).queryByRole('alert')?.textContent,
      'An organization needs at least one owner.',
    );

    await user.click(within(panel).getByRole('button', { name: 'Remove eva' }));
    await expectGone(() => within(panel).queryByTestId('member-eva'));
    expect(members.map((m) => m.username)).toEqual(['jana']);
  });

  it('accepts an invitation (the organization joins the list) and declines another', async () => {
    myInvitations = [
      { id: INVITING_ID, slug: 'klinika', name: 'Právní klinika', role: 'admin' },
      { id: '77777777-7777-4777-8777-777777777777', slug: 'spam', name: 'Spam s.r.o.', role: 'owner' },
    ];
    const { user } = renderLoggedIn();
    const section = await screen.findByTestId('org-invitations');
    expect(within(section).getByTestId('invitation-spam').textContent).toContain('Owner');
    expect(within(section).getByTestId('invitation-spam').textContent).toContain('Invited by @petr');
    // Not listed as one of the user's organizations before accepting.
    expect(screen.getByTestId('my-orgs').textContent).not.toContain('Spam');

    await user.click(within(section).getByRole('button', { name: 'Decline the invitation to Spam s.r.o.' }));
    await expectGone(() => within(section).queryByTestId('invitation-spam'));
    expect(screen.getByTestId('my-orgs').textContent).not.toContain('Spam');

    await user.click(within(section).getByRole('button', { name: 'Accept the invitation to Právní klinika' }));
    expect((await within(section).findByRole('status')).textContent).toContain('You joined Právní klinika.');
    expect(within(section).queryByTestId('invitation-klinika')).toBeNull();
    const list = screen.getByTestId('my-orgs');
    expect(within(list).getByRole('link', { name: 'Právní klinika' }).getAttribute('href')).toBe('/org/klinika');
    expect(myInvitations).toEqual([]);
  });

  it('lets an owner rename (slug_taken shown) and delete after confirming (a refusal stays in the dialog)', async () => {
    myInvitations = [];
    const { user } = renderLoggedIn();
    const list = await screen.findByTestId('my-orgs');
    expect(within(list).queryByRole('button', { name: 'Rename Spolek' })).toBeNull();
    expect(within(list).queryByRole('button', { name: 'Delete Spolek' })).toBeNull();

    await user.click(within(list).getByRole('button', { name: 'Rename Advokátní komora' }));
    // The keyboard goes on in the form, and back to its button when the form closes.
    expect(document.activeElement).toBe(screen.getByLabelText('New name'));
    await user.click(within(list).getByRole('button', { name: 'Rename Advokátní komora' }));
    await expectGone(() => screen.queryByLabelText('New name'));
    expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Rename Advokátní komora' }));
    await user.keyboard('{Enter}');
    const slugField = await screen.findByLabelText('New address (slug)');
    await user.clear(slugField);
    await user.type(slugField, 'spolek{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('This address (slug) is already taken.');
    expect(slugField.getAttribute('aria-invalid')).toBe('true');
    await user.clear(slugField);
    await user.type(slugField, 'akcr');
    await user.clear(screen.getByLabelText('New name'));
    await user.type(screen.getByLabelText('New name'), 'Komora{Enter}');
    await expectGone(() => screen.queryByLabelText('New name'));
    expect(within(list).getByRole('link', { name: 'Komora' })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Rename Komora' })),
    );

    ownsCollections = true;
    await user.click(within(list).getByRole('button', { name: 'Delete Komora' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Komora?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete organization' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The organization still owns collections. Delete them first.',
    );
    expect(deletedSlugs).toEqual([]);
    ownsCollections = false;
    await user.click(within(dialog).getByRole('button', { name: 'Delete organization' }));
    await expectGone(() => screen.queryByRole('alertdialog'));
    expect(deletedSlugs).toEqual(['akcr']);
    expect((await screen.findByRole('status')).textContent).toContain('Komora was deleted.');
    expect(within(screen.getByTestId('my-orgs')).queryByRole('link', { name: 'Komora' })).toBeNull();
  });
});

async function expectText(read: () => string | null | undefined, text: string) {
  for (let i = 0; i < 50 && read() !== text; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(read()).toBe(text);
}

async function expectGone(query: () => HTMLElement | null) {
  for (let i = 0; i < 50 && query(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(query()).toBeNull();
}
