// /settings/profile against a mocked server: the loaded fields, a save with the PATCH body the
// contract expects, and a validation failure shown with its field, beside the form.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
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

const patches: unknown[] = [];
let failWith: { status: number; body: object } | undefined;
setUpComponentTests();
mockApi(
  http.all('*/v1/preferences/language', () => HttpResponse.json({ language: null })),
  http.get('*/v1/users/:id/profile', () => HttpResponse.json(PROFILE)),
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
  failWith = undefined;
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
    expect((await screen.findByRole('status')).textContent).toBe('Profile saved.');
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
});
