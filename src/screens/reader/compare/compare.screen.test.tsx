// The comparison screen against a mocked API (msw): what changed first (moved, changed, added,
// removed under their headings), then the counts and 'and N more' in a closed Details section,
// formatted in English and Czech; dates in the address; the error states, the address kept in
// sync, and axe; inside a
// collection its breadcrumbs, and 'Collection not found' instead of a document it does not hold.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Theme } from '@radix-ui/themes';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { IntlProvider } from 'react-intl';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CompareChanges } from '../../../api/contract/compare-changes';
import type { Branch, Comparison, Document } from '../../../api/contract';
import type { Locale } from '../../../i18n/locale';
import { MESSAGES } from '../../../i18n/messages';
import { mockApi } from '../../../testing/mock-api';
import { documentViewOf } from '../../../machines/collections/public-collection.fixtures';
import { renderScreen as renderInApp } from '../../../testing/render-screen';
import type { DocumentScreenProps } from '../../screen-props';
import { CompareScreen } from './compare.screen';

const DOC = '8661f9e7-8cb5-5c16-8ba5-202fe87e8806';
const MAIN = '19033281-5b3e-59b6-8a64-bf85c5f47560';
const OLD = 'a0e21f26-47d6-54d7-b0a8-069c6f82b92f';
const ID_SLUG = `${DOC}-ustava-ceske-republiky`;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const branch = (branchId: string, name: string): Branch => ({
  id: branchId,
  document_id: DOC,
  name,
  kind: name === 'main' ? 'main' : 'snapshot',
  created_at: '2026-01-01T00:00:00.000Z',
  valid_from: name === 'main' ? '2026-01-01' : '1993-01-01',
  counts: { nodes: 1, fragments: 1 },
  languages: ['cs'],
});
const document: Document = {
  id: DOC,
  external_id: '1/1993 Sb.',
  title: 'Ústava České republiky',
  metadata: { title: 'Ústava České republiky', source_system: 'test' },
  published_date: null,
  effective_date: null,
  expiry_date: null,
  updated_at: '2026-01-01T00:00:00.000Z',
  counts: { nodes: 1, fragments: 1 },
  languages: ['cs'],
  branch: { id: MAIN, name: 'main' },
};
const comparison: Comparison = {
  branch_id_a: OLD,
  branch_id_b: MAIN,
  counts: { a_total: 1234, b_total: 1263, in_both: 1219, only_in_a: 15, only_in_b: 44 },
  only_in_a: Array.from({ length: 15 }, (_, i) => ({ id: id(i + 1) })),
  only_in_b: Array.from({ length: 44 }, (_, i) => ({ id: id(i + 100) })),
};
const changes: CompareChanges = {
  branch_id_a: OLD,
  branch_id_b: MAIN,
  language: 'cs',
  languages: ['cs'],
  changed: [
    {
      path: 'cl-1/odst-1',
      cite_key: 'odst. 1',
      citation: 'Čl. 1 odst. 1',
      node_type: 'paragraph',
      title: null,
      headings: [{ path: 'hlava-1', cite_key: 'Hlava 1', title: 'ZÁKLADNÍ USTANOVENÍ' }],
      position: 0,
      node_id_a: id(504),
      node_id_b: id(505),
      text_a: 'Česká republika je svrchovaný stát.',
      text_b: 'Česká republika je svrchovaný stát.',
      moved_from: { path: 'cl-1', citation: 'Čl. 1' },
    },
    {
      path: 'cl-54/odst-2',
      cite_key: 'odst. 2',
      citation: 'Čl. 54 odst. 2',
      node_type: 'paragraph',
      title: null,
      position: 0,
      node_id_a: id(500),
      node_id_b: id(501),
      text_a: 'Prezidenta republiky volí Parlament.',
      text_b: 'Prezidenta republiky volí občané.',
      headings: [{ path: 'hlava-3', cite_key: 'Hlava 3', title: 'MOC VÝKONNÁ' }],
      moved_from: null,
    },
  ],
  added: [
    {
      path: 'cl-10a',
      cite_key: 'Čl. 10a',
      citation: 'Čl. 10a',
      node_type: 'article',
      title: null,
      headings: [{ path: 'hlava-1', cite_key: 'Hlava 1', title: 'ZÁKLADNÍ USTANOVENÍ' }],
      position: 1,
      node_id: id(502),
      text: '',
      descendants: 2,
      subtree: [
        {
          path: 'cl-10a/odst-1',
          cite_key: 'odst. 1',
          text: 'Mezinárodní smlouvou mohou být přeneseny některé pravomoci.',
        },
      ],
    },
  ],
  removed: [
    {
      path: 'cl-103',
      cite_key: 'Čl. 103',
      citation: 'Čl. 103',
      node_type: 'article',
      title: null,
      headings: [],
      position: 2,
      node_id: id(503),
      text: 'O názvu rozhoduje.',
      descendants: 0,
      subtree: [],
    },
  ],
  counts: { changed: 2, moved: 1, added: 1, removed: 1 },
  next_offset: null,
};

const api = {
  compare: () => HttpResponse.json(comparison),
  inCollection: (): Response => HttpResponse.json(documentViewOf()),
};
mockApi(
  http.get('/v1/legal/documents/:id', () => HttpResponse.json(document)),
  http.get('/v1/legal/branches', () =>
    HttpResponse.json({ items: [branch(MAIN, 'main'), branch(OLD, 'snapshot-1993-01-01')] }),
  ),
  http.get('/v1/legal/compare', () => api.compare()),
  http.get('/v1/legal/compare/changes', () => HttpResponse.json(changes)),
  http.get('/v1/public/collections/:ownerType/:handle/:slug/documents/:documentId', () => api.inCollection()),
);

beforeAll(() => {
  // jsdom lacks what Radix's Select measures with.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(() => {
  cleanup();
  api.compare = () => HttpResponse.json(comparison);
});

function renderScreen(search: string, locale: Locale = 'en') {
  const location = memoryLocation({ path: `/documents/${ID_SLUG}/compare?${search}`, record: true });
  const view = render(
    <IntlProvider locale={locale} messages={MESSAGES[locale]} defaultLocale="en">
      <Theme>
        <main>
          <Router hook={location.hook} searchHook={location.searchHook}>
            <CompareScreen idSlug={ID_SLUG} basePath="" context="public" />
          </Router>
        </main>
      </Theme>
    </IntlProvider>,
  );
  return { ...view, location };
}

async function seriousViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`);
}

describe('CompareScreen', () => {
  it('shows what changed first, then the counts and ids in a closed Details section (English)', async () => {
    const user = userEvent.setup();
    const { container, location } = renderScreen(`from=${OLD}&to=${MAIN}`);
    const whatChanged = await screen.findByRole('heading', { name: 'What changed', level: 2 });
    const details = container.querySelector('details')!;
    // "What changed" comes before the Details, which are closed until asked for. (jsdom does not
    // open a <summary> from the keyboard as browsers do: the e2e test presses Enter.)
    expect(whatChanged.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(details.open).toBe(false);
    await user.click(within(details).getByText('Details'));
    expect(details.open).toBe(true);
    expect(within(details).getByText('1,234')).toBeTruthy();
    // Ids appear only inside the Details.
    for (const uuid of [id(1), id(500), id(504), MAIN]) {
      for (const node of screen.queryAllByText(uuid)) expect(details.contains(node)).toBe(true);
    }
    expect(screen.getByText('2 provisions changed (of which 1 moved), 1 added, 1 repealed')).toBeTruthy();

    // Čl. 1's text moved into odst. 1: shown as moved under its heading, never as removed.
    const changedRegion = screen.getByRole('region', { name: 'Changed provisions (2)' });
    expect(within(changedRegion).getByRole('heading', { name: 'Čl. 1 odst. 1' })).toBeTruthy();
    expect(within(changedRegion).getByText('Moved')).toBeTruthy();
    expect(within(changedRegion).getByText('previously Čl. 1')).toBeTruthy();
    expect(
      within(changedRegion).getByRole('heading', { name: 'Hlava 1 – ZÁKLADNÍ USTANOVENÍ', level: 4 }),
    ).toBeTruthy();
    expect(within(changedRegion).getByRole('heading', { name: 'Hlava 3 – MOC VÝKONNÁ', level: 4 })).toBeTruthy();
    const removedRegion = screen.getByRole('region', { name: 'Removed provisions (1)' });
    expect(within(removedRegion).queryByText(/Čl\. 1\b/)).toBeNull();
    expect(screen.getByText('Only in the compared version')).toBeTruthy();
    expect(screen.getByText('and 5 more')).toBeTruthy();
    expect(screen.getByText('and 34 more')).toBeTruthy();
    expect(screen.getByText(id(1))).toBeTruthy();
    expect(screen.queryByText(id(11))).toBeNull();

    expect(screen.getByRole('heading', { name: 'Čl. 54 odst. 2' })).toBeTruthy();
    const deleted = container.querySelector('del')!;
    expect(deleted.textContent).toBe('deleted: Parlament');
    expect(container.querySelector('ins')!.textContent).toBe('inserted: občané');
    expect(screen.getByRole('heading', { name: 'Added provisions (1)' })).toBeTruthy();
    expect(screen.getByText('with 2 provisions inside')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Čl. 103' })).toBeTruthy();

    // Version labels, the breadcrumb and the way back.
    expect(screen.getByRole('combobox', { name: 'Base version' }).textContent).toBe(
      'Snapshot: 1993-01-01 · in force from 1 January 1993 · historical version',
    );
    expect(screen.getByRole('combobox', { name: 'Compared version' }).textContent).toMatch(
      /^Main version \(main\) · in force from 1 January 2026/,
    );
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Documents' }).getAttribute('href')).toBe('/documents');
    expect(within(breadcrumb).getByRole('link', { name: 'Ústava České republiky' }).getAttribute('href')).toBe(
      `/documents/${ID_SLUG}`,
    );
    expect(screen.getByRole('link', { name: 'Back to the document' }).getAttribute('href')).toBe(
      `/documents/${ID_SLUG}`,
    );

    // The panel's versions are written back to the address, replacing the entry.
    expect(location.history.at(-1)).toBe(
      `/documents/${ID_SLUG}/compare?from=${OLD}&to=${MAIN}&base=${OLD}&head=${MAIN}`,
    );
    expect(location.history).toHaveLength(1);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('formats numbers and texts in Czech', async () => {
    renderScreen(`from=${OLD}&to=${MAIN}`, 'cs');
    // Czech groups digits with a non-breaking space (the default normalizer would fold it).
    expect(await screen.findByText('1\u00a0234', { normalizer: (text) => text })).toBeTruthy();
    expect(screen.getByText('a dalších 5')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Porovnání verzí' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Porovnávaná verze' }).textContent).toMatch(
      /^Hlavní verze \(main\) · účinné od 1\. 1\. 2026/,
    );
    expect(screen.getByText('s 2 vnořenými ustanoveními')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Co se změnilo' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Změněná ustanovení (2)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Přidaná ustanovení (1)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Zrušená ustanovení (1)' })).toBeTruthy();
    expect(screen.getByText('Přesunuto')).toBeTruthy();
    expect(screen.getByText('Podrobnosti')).toBeTruthy();
  });

  it('compares the versions in force on the dates of the address', async () => {
    const { location } = renderScreen('from=2015-01-01&to=2026-01-01');
    expect(await screen.findByRole('heading', { name: 'What changed' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Base version' }).textContent).toMatch(/^Snapshot: 1993-01-01/);
    expect(location.history.at(-1)).toBe(
      `/documents/${ID_SLUG}/compare?from=2015-01-01&to=2026-01-01&base=${OLD}&head=${MAIN}`,
    );
  });

  it('shows the text of an added provision on demand', async () => {
    renderScreen(`from=${OLD}&to=${MAIN}`);
    const toggles = await screen.findAllByRole('button', { name: 'Show text' });
    expect(screen.queryByText(/přeneseny některé pravomoci/)).toBeNull();
    toggles[0]!.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText(/přeneseny některé pravomoci/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide text' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('says the comparison failed, in a callout titled Error / Chyba', async () => {
    api.compare = () => HttpResponse.json({ detail: 'internal_error' }, { status: 500 });
    const { container } = renderScreen(`from=${OLD}&to=${MAIN}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeTruthy();
    expect(within(alert).getByText('Failed to compare branches')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
    cleanup();
    renderScreen(`from=${OLD}&to=${MAIN}`, 'cs');
    const czech = await screen.findByRole('alert');
    expect(within(czech).getByText('Chyba')).toBeTruthy();
    expect(within(czech).getByText('Porovnání verzí selhalo')).toBeTruthy();
  });

  it('rejects missing parameters and unknown versions', async () => {
    renderScreen(`from=${OLD}`);
    expect(await screen.findByText('Invalid comparison parameters')).toBeTruthy();
    cleanup();
    renderScreen(`from=${OLD}&to=${MAIN}`.replace(MAIN, id(999)), 'cs');
    expect(await screen.findByText(/^Jedna nebo obě verze nebyly nalezeny/)).toBeTruthy();
    cleanup();
    renderScreen(`to=${MAIN}`, 'cs');
    expect(await screen.findByText('Neplatné parametry porovnání')).toBeTruthy();
  });
});

describe('CompareScreen inside a collection', () => {
  const IN_COLLECTION: DocumentScreenProps = {
    idSlug: ID_SLUG,
    basePath: '/u/jana/ustavni-pravo',
    context: 'collection',
    collection: { kind: 'owner', ownerType: 'user', handle: 'jana', slug: 'ustavni-pravo' },
  };
  const open = () =>
    renderInApp(<CompareScreen {...IN_COLLECTION} />, {
      path: `/u/jana/ustavni-pravo/documents/${ID_SLUG}/compare?from=${OLD}&to=${MAIN}`,
    });

  it('leads back through the user, the collection and the document', async () => {
    api.inCollection = () => HttpResponse.json(documentViewOf());
    open();
    expect(await screen.findByText('1,234')).toBeTruthy();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const links = within(breadcrumb)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['@jana', '/u/jana'],
      ['Ústavní právo', '/u/jana/ustavni-pravo'],
      ['Ústava České republiky', `/u/jana/ustavni-pravo/documents/${ID_SLUG}`],
    ]);
    expect(within(breadcrumb).getByText('Users')).toBeTruthy();
    expect(within(breadcrumb).getByText('Comparison').closest('[aria-current="page"]')).toBeTruthy();
  });

  it('compares nothing in a collection that does not hold the document', async () => {
    api.inCollection = () => HttpResponse.json({ detail: 'not_found' }, { status: 404 });
    open();
    expect(await screen.findByRole('heading', { name: 'Collection not found', level: 1 })).toBeTruthy();
    expect(screen.queryByText('Ústava České republiky')).toBeNull();
  });
});
