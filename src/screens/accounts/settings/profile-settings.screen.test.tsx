// /settings/profile against a mocked server: the loaded fields, a save with the PATCH body the
// contract expects, and a validation failure shown with its field, beside the form; the name
// fields' limit; the Sessions section (sign out one, everywhere else) and the account deletion
// (password, confirmation dialog, refusals), by keyboard too.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { currentUserAtom } from '../../../atoms/accounts/session.atoms';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { JANA as USER } from '../../../testing/users';
import { ProfileSettingsScreen } from './profile-settings.screen';
import { renderScreen } from '../../../testing/render-screen';

const PROFILE = {
  id: USER.id,
  username: 'jana',
  first_name: 'Jana',
  last_name: 'Nováková',
  photo_url: null,
  bio: 'Advokátka',
  languages: ['cs'],
  public_email: null,
  linkedin_url: null,
  website_url: null,
};

const SESSIONS = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    created_at: '2026-11-20T08:00:00.000Z',
    last_seen_at: '2026-11-24T09:30:00.000Z',
    expires_at: '2026-12-24T09:30:00.000Z',
    client: 'Firefox · Linux',
    current: true,
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    created_at: '2026-10-02T08:00:00.000Z',
    last_seen_at: '2026-11-22T18:00:00.000Z',
    expires_at: '2026-12-22T18:00:00.000Z',
    client: 'Safari · iOS',
    current: false,
  },
  {
    id: '00000000-0000-4000-8000-000000000003',
    created_at: '2026-09-02T08:00:00.000Z',
    last_seen_at: '2026-11-01T18:00:00.000Z',
    expires_at: '2026-12-01T18:00:00.000Z',
    client: null,
    current: false,
  },
];

const patches: unknown[] = [];
const ended: string[] = [];
let endedOthers = 0;
const deletions: unknown[] = [];
let failWith: { status: number; body: object } | undefined;
let deleteFailure: { status: number; body: object } | undefined;
setUpComponentTests();
mockApi(
  http.all('*/v1/preferences/language', () => HttpResponse.json({ language: null })),
  http.get('*/v1/users/:id/profile', () => HttpResponse.json(PROFILE)),
  http.get('*/v1/auth/sessions', () => HttpResponse.json({ items: SESSIONS })),
  http.delete('*/v1/auth/sessions/:id', ({ params }) => {
    ended.push(String(params.id));
    return HttpResponse.json({ status: 'ok' });
  }),
  http.post('*/v1/auth/sessions/end-all', () => {
    endedOthers += 1;
    return HttpResponse.json({ status: 'ok', ended: 2 });
  }),
  http.delete('*/v1/auth/account', async ({ request }) => {
    deletions.push(await request.json());
    if (deleteFailure) return HttpResponse.json(deleteFailure.body, { status: deleteFailure.status });
    return HttpResponse.json({ status: 'ok' });
  }),
  http.patch('*/v1/users/:id/profile', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    patches.push(body);
    if (failWith) return HttpResponse.json(failWith.body, { status: failWith.status });
    return HttpResponse.json({
      ...PROFILE,
      ...body,
      bio: body.bio ?? null,
      photo_url: body.photo_url || null,
      public_email: body.public_email || null,
      linkedin_url: body.linkedin_url || null,
      website_url: body.website_url || null,
    });
  }),
);
afterEach(() => {
  patches.length = 0;
  ended.length = 0;
  endedOthers = 0;
  deletions.length = 0;
  failWith = undefined;
  deleteFailure = undefined;
});

function renderLoggedIn() {
  return { ...renderScreen(<ProfileSettingsScreen />, { user: USER }), user: userEvent.setup() };
}

describe('ProfileSettingsScreen', () => {
  it('asks an anonymous visitor to log in', () => {
    renderScreen(<ProfileSettingsScreen />, { user: null });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth/login');
  });

  it('loads the profile, saves the edited fields and says so; the header name follows', async () => {
    const { user, store } = renderLoggedIn();
    const first = (await screen.findByLabelText('First name')) as HTMLInputElement;
    expect(first.value).toBe('Jana');
    expect((screen.getByLabelText('Bio') as HTMLTextAreaElement).value).toBe('Advokátka');
    expect((screen.getByLabelText('Languages') as HTMLInputElement).value).toBe('cs');
    expect(screen.getByRole('link', { name: 'Change your handle' }).getAttribute('href')).toBe('/settings/handle');
    expect(screen.getByRole('link', { name: 'View your public profile' }).getAttribute('href')).toBe('/u/jana');

    await user.clear(first);
    await user.type(first, 'Janička');
    await user.clear(screen.getByLabelText('Languages'));
    await user.type(screen.getByLabelText('Languages'), 'cs, EN  de');
    await user.type(screen.getByLabelText('Website'), 'https://jana.example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByText('Profile saved.')).closest('[role="status"]')).not.toBeNull();
    expect(patches).toEqual([
      {
        first_name: 'Janička',
        last_name: 'Nováková',
        photo_url: '',
        bio: 'Advokátka',
        languages: ['cs', 'en', 'de'],
        public_email: '',
        linkedin_url: '',
        website_url: 'https://jana.example.com',
      },
    ]);
    expect((screen.getByLabelText('Languages') as HTMLInputElement).value).toBe('cs, en, de');
    expect(store.get(currentUserAtom)?.first_name).toBe('Janička');
  });

  it('shows a validation failure with its field, next to the form', async () => {
    failWith = {
      status: 400,
      body: { detail: 'validation_failed', field: 'photo_url', message: 'photo_url: url_must_be_http' },
    };
    const { user } = renderLoggedIn();
    await user.type(await screen.findByLabelText('Photo URL'), 'ftp://x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Check this field: Photo URL.');
    expect(alert.textContent).toContain('Failed: 400 validation_failed (photo_url)');
    const photo = screen.getByLabelText('Photo URL');
    expect(photo.getAttribute('aria-invalid')).toBe('true');
    expect(photo.getAttribute('aria-describedby')).toContain(`${photo.id}-error`);
    expect(document.getElementById(`${photo.id}-error`)!.textContent).toBe('Check this field: Photo URL.');
    // Editing clears the failure.
    await user.type(photo, 'y');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the names’ limit and keeps typing within it', async () => {
    renderLoggedIn();
    const first = (await screen.findByLabelText('First name')) as HTMLInputElement;
    expect(first.maxLength).toBe(64);
    expect(document.getElementById(first.getAttribute('aria-describedby')!)!.textContent).toBe(
      'At most 64 characters.',
    );
  });
});

describe('ProfileSettingsScreen: sessions', () => {
  it('lists the sessions, this device marked, and signs out one by keyboard', async () => {
    const { user } = renderLoggedIn();
    const region = await screen.findByRole('region', { name: 'Sessions' });
    await within(region).findByText('Safari · iOS');
    expect(within(region).getByText('This device')).toBeTruthy();
    expect(within(region).getByText('Unknown device')).toBeTruthy();
    // The current session has no Sign out button: logout does that.
    expect(within(region).queryByRole('button', { name: 'Sign out Firefox · Linux' })).toBeNull();

    within(region).getByRole('button', { name: 'Sign out Safari · iOS' }).focus();
    await user.keyboard('{Enter}');
    expect(await within(region).findByText('That session was signed out.')).toBeTruthy();
    expect(ended).toEqual([SESSIONS[1]!.id]);
    expect(within(region).queryByText('Safari · iOS')).toBeNull();
  });

  it('signs out everywhere else', async () => {
    const { user } = renderLoggedIn();
    const region = await screen.findByRole('region', { name: 'Sessions' });
    await user.click(await within(region).findByRole('button', { name: 'Sign out everywhere else' }));
    expect(await within(region).findByText('2 other sessions were signed out.')).toBeTruthy();
    expect(endedOthers).toBe(1);
    expect(within(region).getByText('You are signed in on this device only.')).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });
});

describe('ProfileSettingsScreen: delete account', () => {
  it('asks for the password and a confirmation, then deletes and signs out here', async () => {
    const { user, store } = renderLoggedIn();
    const region = await screen.findByRole('region', { name: 'Delete account' });
    const submit = within(region).getByRole('button', { name: 'Delete account…' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(within(region).getByLabelText('Your password'), 'Quiet-Lantern-River{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    // Cancel first: nothing is deleted.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deletions).toEqual([]);

    await user.click(submit);
    const again = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await user.click(within(again).getByRole('button', { name: 'Delete for good' }));
    await expect.poll(() => store.get(currentUserAtom)).toBeNull();
    expect(deletions).toEqual([{ password: 'Quiet-Lantern-River' }]);
  });

  it.each([
    [403, 'password_incorrect', 'The password is incorrect.'],
    [
      409,
      'org_ownership_transfer_required',
      'You are the last owner of an organization that has other members. Make another member an owner first.',
    ],
  ])('shows a refusal (%s %s) beside the form and keeps the user', async (status, detail, sentence) => {
    deleteFailure = { status, body: { detail, ...(detail === 'password_incorrect' ? { field: 'password' } : {}) } };
    const { user, store } = renderLoggedIn();
    const region = await screen.findByRole('region', { name: 'Delete account' });
    await user.type(within(region).getByLabelText('Your password'), 'typed');
    await user.click(within(region).getByRole('button', { name: 'Delete account…' }));
    await user.click(await screen.findByRole('button', { name: 'Delete for good' }));
    const alert = await within(region).findByRole('alert');
    expect(alert.textContent).toContain(sentence);
    expect(store.get(currentUserAtom)?.id).toBe(USER.id);
  });
});
