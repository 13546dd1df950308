// Home: title, subtitle, the two buttons, and the import instructions for an empty library.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { HomeScreen } from './home.screen';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render-screen';

const DOCUMENT = {
  id: '0b0f7c9a-2a39-5d5e-8a4b-6f4f1a1e0001',
  external_id: '1/1993 Sb.',
  title: 'Ústava České republiky',
  metadata: { title: 'Ústava České republiky', source_system: 'e-sbirka' },
  published_date: '1993-01-01',
  effective_date: '1993-01-01',
  expiry_date: null,
  updated_at: '2026-01-01T00:00:00.000Z',
  counts: { nodes: 10, fragments: 20 },
  languages: ['cs'],
  branch: null,
};
const asked: string[] = [];
const listWith = (items: unknown[]) =>
  http.get('*/v1/legal/documents', ({ request }) => {
    asked.push(new URL(request.url).search);
    return HttpResponse.json({ items });
  });
setUpComponentTests();
const server = mockApi(listWith([]));

afterEach(() => {
  asked.length = 0;
});

describe('HomeScreen', () => {
  it('shows the title, the subtitle and the two buttons', async () => {
    renderScreen(<HomeScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Lexhub' })).toBeTruthy();
    expect(screen.getByText('Legal operating system with search, editor, and Copilot.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Collections' }).getAttribute('href')).toBe('/collections');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth/login');
    await screen.findByTestId('empty-library');
  });

  it('explains how to import documents when the library is empty', async () => {
    renderScreen(<HomeScreen />);
    expect(await screen.findByRole('heading', { level: 2, name: 'The library is empty' })).toBeTruthy();
    expect(screen.getByText('npm run import -- <file or folder>')).toBeTruthy();
    expect(asked).toEqual(['?limit=1']);
  });

  it('says nothing about importing when the library has documents', async () => {
    server.use(listWith([DOCUMENT]));
    renderScreen(<HomeScreen />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual(['?limit=1']);
    expect(screen.queryByTestId('empty-library')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reports a failure and tries again on request', async () => {
    server.use(
      http.get('*/v1/legal/documents', () => HttpResponse.json({ detail: 'internal_error' }, { status: 500 })),
    );
    renderScreen(<HomeScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The library could not be loaded: Something went wrong on the server. Try again later.',
    );

    server.resetHandlers();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('empty-library')).toBeTruthy();
  });
});
