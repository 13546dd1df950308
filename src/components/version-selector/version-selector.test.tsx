// The version selector: branch labels in both languages, the empty and error states, and the
// compare link to the first two listed versions.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Theme } from '@radix-ui/themes';
import { ApiError } from '../../api/client';
import type { Locale } from '../../i18n/locale';
import { MESSAGES } from '../../i18n/messages';
import { branchOf } from '../../testing/reader-fixtures';
import { VersionSelector, compareHref, type VersionSelectorProps } from './version-selector';

const BRANCHES = [
  { ...branchOf('b-main', 'main'), valid_from: '2026-01-01' },
  { ...branchOf('b-1993', 'snapshot-1993-01-01'), valid_from: '1993-01-01' },
];

function renderSelector(locale: Locale, props: Partial<VersionSelectorProps>) {
  render(
    <IntlProvider locale={locale} messages={MESSAGES[locale]}>
      <Theme>
        <VersionSelector
          status="loaded"
          branches={BRANCHES}
          onSelect={vi.fn()}
          basePath=""
          idSlug="doc-ustava"
          {...props}
        />
      </Theme>
    </IntlProvider>,
  );
}

// jsdom has no ResizeObserver; Radix's ScrollArea and Select only need it to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe('VersionSelector', () => {
  afterEach(cleanup);

  it('names main and snapshots in Czech', () => {
    renderSelector('cs', {});
    expect(screen.getByRole('combobox').textContent).toBe('Hlavní verze (main) · účinné od 1. 1. 2026');
    renderSelector('cs', { selectedBranchId: 'b-1993', idSlug: 'other' });
    expect(screen.getAllByRole('combobox')[1]!.textContent).toBe(
      'Snapshot: 1993-01-01 · účinné od 1. 1. 1993 · historické znění',
    );
  });

  it('names main in English and links to the comparison of the first two versions', () => {
    renderSelector('en', {});
    expect(screen.getByRole('combobox').textContent).toBe('Main version (main) · in force from 1 January 2026');
    renderSelector('en', { selectedBranchId: 'b-1993', idSlug: 'other' });
    expect(screen.getAllByRole('combobox')[1]!.textContent).toBe(
      'Snapshot: 1993-01-01 · in force from 1 January 1993 · historical version',
    );
    const [link] = screen.getAllByRole('link', { name: 'Compare Versions' });
    expect(link!.getAttribute('href')).toBe('/documents/doc-ustava/compare?from=b-1993&to=b-main');
  });

  it('tells a version not yet in force', () => {
    renderSelector('en', {
      branches: [...BRANCHES, { ...branchOf('b-2099', 'snapshot-2099-01-01'), valid_from: '2099-01-01' }],
      selectedBranchId: 'b-2099',
    });
    expect(screen.getByRole('combobox').textContent).toBe(
      'Snapshot: 2099-01-01 · in force from 1 January 2099 · not yet in force',
    );
  });

  it('links to the comparison', () => {
    renderSelector('en', {});
    const link = screen.getByRole('link', { name: 'Compare Versions' });
    expect(link.getAttribute('href')).toBe('/documents/doc-ustava/compare?from=b-1993&to=b-main');
  });

  it('has no compare link with one version', () => {
    renderSelector('cs', { branches: [BRANCHES[0]!] });
    expect(screen.queryByRole('link', { name: 'Porovnat verze' })).toBeNull();
  });

  it('says when there are no versions', () => {
    renderSelector('cs', { status: 'empty', branches: [] });
    expect(screen.getByText('Žádné dostupné verze')).toBeTruthy();
    cleanup();
    renderSelector('en', { status: 'empty', branches: [] });
    expect(screen.getByText('No versions available')).toBeTruthy();
  });

  it('shows the failure with its message', () => {
    renderSelector('cs', {
      status: 'error',
      branches: [],
      error: new ApiError(500, 'http_error', { message: 'internal_error' }),
    });
    expect(screen.getByRole('alert').textContent).toContain('Chyba při načítání verzí: API 500: internal_error');
    cleanup();
    renderSelector('en', {
      status: 'error',
      branches: [],
      error: new ApiError(0, 'network_error', { message: 'boom' }),
    });
    expect(screen.getByRole('alert').textContent).toContain('Error loading versions: Error: boom');
  });

  it('builds compare addresses under a collection base path', () => {
    expect(compareHref('/u/jana/pravo', 'x-y', BRANCHES)).toBe(
      '/u/jana/pravo/documents/x-y/compare?from=b-1993&to=b-main',
    );
  });
});
