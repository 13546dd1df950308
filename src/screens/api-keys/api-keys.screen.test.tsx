// /settings/api-keys against a mocked server: the table (managed keys show 'Managed by Copilot' and
// Events only), creating a key and its one-time secret (Copy → 'Copied!', Close drops it), an
// organization without an ID sends nothing, Revoke only after confirming, Rotate shows the new
// secret, Events, detail codes as sentences, keyboard use and axe.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import axe from 'axe-core';
import type { ApiKey, ApiKeyEvent } from '../../api/contract/api-keys';
import { apiKey, ORG_ID, withSecret } from '../../machines/api-keys/fixtures';
import { setUpComponentTests } from '../../testing/component-tests';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render-screen';
import { JANA } from '../../testing/users';
import { ApiKeysScreen } from './api-keys.screen';

const MANAGED = apiKey(9, { managed: true, description: 'Copilot', scopes: ['memory.write'], prefix: 'lxh_managed1' });
let keys: ApiKey[] = [];
const listed: URLSearchParams[] = [];
const created: unknown[] = [];
const revoked: string[] = [];
const rotated: string[] = [];
const eventQueries: URLSearchParams[] = [];
let createStatus = 201;

setUpComponentTests();
mockApi(
  http.get('*/v1/api-keys', ({ request }) => {
    listed.push(new URL(request.url).searchParams);
    return HttpResponse.json({ items: keys });
  }),
  http.post('*/v1/api-keys', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    created.push(body);
    if (createStatus !== 201) return HttpResponse.json({ detail: 'api_key_quota_exceeded' }, { status: createStatus });
    const key = apiKey(5, { description: String(body.description ?? '') });
    keys = [key, ...keys];
    return HttpResponse.json(withSecret(key, 'lxh_NEWSECRETnewsecret0123456789abcdefgh'), { status: 201 });
  }),
  http.get('*/v1/api-keys/events', ({ request }) => {
    eventQueries.push(new URL(request.url).searchParams);
    const event: ApiKeyEvent = {
      id: '00000000-0000-4000-8000-0000000000e1',
      key_id: keys[0]!.id,
      key_prefix: keys[0]!.prefix,
      event_type: 'denied',
      created_at: '2026-11-02T10:00:00.000Z',
      description: '',
      metadata: { reason: 'missing_scope' },
    };
    return HttpResponse.json({ items: [event] });
  }),
  http.delete('*/v1/api-keys/:id', ({ params }) => {
    revoked.push(String(params.id));
    keys = keys.map((k) => (k.id === params.id ? { ...k, status: 'revoked' as const } : k));
    return HttpResponse.json(keys.find((k) => k.id === params.id));
  }),
  http.post('*/v1/api-keys/:id/rotate', ({ params }) => {
    rotated.push(String(params.id));
    return HttpResponse.json(
      withSecret(
        keys.find((k) => k.id === params.id)!,
        'lxh_ROTATEDrotated0123456789abcdefghij',
      ),
    );
  }),
);

afterEach(() => {
  keys = [];
  listed.length = 0;
  created.length = 0;
  revoked.length = 0;
  rotated.length = 0;
  eventQueries.length = 0;
  createStatus = 201;
});

const row = (prefix: string) => screen.findByTestId(`api-key-${prefix}`);

describe('ApiKeysScreen', () => {
  it('lists keys; a managed key shows Managed by Copilot and Events only', async () => {
    keys = [apiKey(1), MANAGED];
    renderScreen(<ApiKeysScreen />, { user: JANA });
    const mine = await row(apiKey(1).prefix);
    expect(within(mine).getByRole('button', { name: `Rotate key ${apiKey(1).prefix}` })).toBeTruthy();
    expect(within(mine).getByRole('button', { name: `Revoke key ${apiKey(1).prefix}` })).toBeTruthy();
    expect(within(mine).getByText('Active')).toBeTruthy();
    const managed = await row(MANAGED.prefix);
    expect(within(managed).getByText('Managed by Copilot')).toBeTruthy();
    expect(within(managed).queryByRole('button', { name: /Rotate|Revoke/ })).toBeNull();
    expect(within(managed).getByRole('button', { name: `Events of key ${MANAGED.prefix}` })).toBeTruthy();
  });

  it('creates a key, shows the secret once, copies it, and forgets it on close', async () => {
    const user = userEvent.setup();
    renderScreen(<ApiKeysScreen />, { user: JANA });
    await screen.findByText('No keys yet.');
    expect(screen.getByRole('checkbox', { name: /memory\.read/ })).toHaveProperty('checked', true);
    await user.type(screen.getByLabelText('Description'), 'Claude desktop');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your new key' });
    expect(created).toEqual([
      { scopes: ['memory.read'], description: 'Claude desktop', expires_at: null, owner_type: 'user' },
    ]);
    expect(within(dialog).getByTestId('api-key-secret').textContent).toBe('lxh_NEWSECRETnewsecret0123456789abcdefgh');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await within(dialog).findByText('Copied!');
    expect(await navigator.clipboard.readText()).toBe('lxh_NEWSECRETnewsecret0123456789abcdefgh');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain('NEWSECRET');
    expect(JSON.stringify(localStorage)).not.toContain('NEWSECRET');
    expect(JSON.stringify(sessionStorage)).not.toContain('NEWSECRET');
    await row(apiKey(5).prefix);
  });

  it('an organization without an ID says so and sends nothing', async () => {
    const user = userEvent.setup();
    renderScreen(<ApiKeysScreen />, { user: JANA });
    await screen.findByText('No keys yet.');
    await user.selectOptions(screen.getByLabelText('Owner'), 'organization');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Provide an organization ID first');
    expect(created).toEqual([]);
    await user.type(screen.getByLabelText('Organization ID', { selector: 'input[aria-invalid]' }), ORG_ID);
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await screen.findByRole('dialog', { name: 'Your new key' });
    expect(created[0]).toMatchObject({ owner_type: 'organization', organization_id: ORG_ID });
  });

  it('shows the sentence of a detail code', async () => {
    createStatus = 409;
    const user = userEvent.setup();
    renderScreen(<ApiKeysScreen />, { user: JANA });
    await screen.findByText('No keys yet.');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('You have reached the limit of active API keys; revoke one first.')).toBeTruthy();
  });

  it("switches to an organization's keys once its ID is typed", async () => {
    const user = userEvent.setup();
    renderScreen(<ApiKeysScreen />, { user: JANA });
    await screen.findByText('No keys yet.');
    await user.click(screen.getByRole('radio', { name: "An organization's" }));
    expect(await screen.findByText('Provide an organization ID first')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Organization ID' }), ORG_ID);
    await waitFor(() => expect(listed.at(-1)?.get('organization_id')).toBe(ORG_ID));
    expect(listed.at(-1)?.get('owner_type')).toBe('organization');
  });

  it('revokes only after confirming; rotating shows the new secret; events of a key', async () => {
    keys = [apiKey(1), apiKey(2)];
    const user = userEvent.setup();
    renderScreen(<ApiKeysScreen />, { user: JANA });
    const mine = await row(apiKey(1).prefix);

    await user.click(within(mine).getByRole('button', { name: /Revoke/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this key?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(revoked).toEqual([]);
    await user.click(within(mine).getByRole('button', { name: /Revoke/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(revoked).toEqual([apiKey(1).id]));
    expect(await within(await row(apiKey(1).prefix)).findByText('Revoked')).toBeTruthy();

    const second = await row(apiKey(2).prefix);
    await user.click(within(second).getByRole('button', { name: /Rotate/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Your new key' });
    expect(within(dialog).getByTestId('api-key-secret').textContent).toContain('ROTATED');
    expect(rotated).toEqual([apiKey(2).id]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(await row(apiKey(2).prefix)).getByRole('button', { name: /Events/ }));
    const events = await screen.findByRole('dialog', { name: `Events of key ${apiKey(2).prefix}` });
    expect(await within(events).findByText('Denied')).toBeTruthy();
    expect(within(events).getByText('reason: missing_scope')).toBeTruthy();
    expect(eventQueries[0]?.get('limit')).toBe('50');
    expect(eventQueries[0]?.get('key_id')).toBe(apiKey(2).id);
  });

  it('is usable with the keyboard alone', async () => {
    const user = userEvent.setup();
    renderScreen(<ApiKeysScreen />, { user: JANA });
    await screen.findByText('No keys yet.');
    screen.getByLabelText('Description').focus();
    await user.keyboard('Agent');
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Your new key' });
    expect(created).toHaveLength(1);
  });

  it('has no serious axe violations', async () => {
    keys = [apiKey(1), MANAGED];
    renderScreen(<ApiKeysScreen />, { user: JANA });
    await row(apiKey(1).prefix);
    const report = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const serious = report.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);
  });
});
