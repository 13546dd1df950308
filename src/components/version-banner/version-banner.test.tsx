// The banner over a version that is not the one in force: what it says and where its link goes.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Theme } from '@radix-ui/themes';
import type { Locale } from '../../i18n/locale';
import { MESSAGES } from '../../i18n/messages';
import { branchOf } from '../../testing/reader-fixtures';
import { VersionBannerView, type VersionBannerViewProps } from './version-banner';
import { VersionTimelineView } from '../version-timeline/version-timeline';

const MAIN = { ...branchOf('b-main', 'main'), valid_from: '2026-01-01' };
const OLD = { ...branchOf('b-1993', 'snapshot-1993-01-01'), valid_from: '1993-01-01' };
const NEXT = { ...branchOf('b-2027', 'snapshot-2027-01-01'), valid_from: '2027-01-01' };
const BRANCHES = [MAIN, OLD, NEXT];
const TODAY = '2026-11-24';

function renderIn(locale: Locale, ui: React.ReactNode) {
  render(
    <IntlProvider locale={locale} messages={MESSAGES[locale]}>
      <Theme>{ui}</Theme>
    </IntlProvider>,
  );
}

const banner = (props: Partial<VersionBannerViewProps>) => (
  <VersionBannerView
    read={OLD}
    inForce={MAIN}
    branches={BRANCHES}
    atProvision
    inForceHref="/documents/doc?branch=main&p=cl-54"
    today={TODAY}
    {...props}
  />
);

describe('VersionBanner', () => {
  afterEach(cleanup);

  it('says a historical version is read and links to the provision in force, in Czech', () => {
    renderIn('cs', banner({}));
    expect(screen.getByRole('status').textContent).toContain('Čtete historické znění, účinné od 1. 1. 1993.');
    const link = screen.getByRole('link', { name: 'Číst toto ustanovení ve znění účinném od 1. 1. 2026' });
    expect(link.getAttribute('href')).toBe('/documents/doc?branch=main&p=cl-54');
  });

  it('tells a version not yet in force, in English', () => {
    renderIn('en', banner({ read: NEXT, atProvision: false }));
    expect(screen.getByRole('status').textContent).toContain(
      'You are reading a version not yet in force: it takes effect on 1 January 2027.',
    );
    expect(screen.getByRole('link', { name: 'Read the version in force from 1 January 2026' })).toBeTruthy();
  });

  it('says nothing over the version in force', () => {
    renderIn('en', banner({ read: MAIN }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('VersionTimeline', () => {
  afterEach(cleanup);

  it('lists every version newest first with its date and status, linking to each', () => {
    renderIn(
      'cs',
      <VersionTimelineView
        branches={BRANCHES}
        readBranchId="b-1993"
        hrefOf={(branch) => `/documents/doc?branch=${branch.name}`}
        today={TODAY}
      />,
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      '1. 1. 2027Snapshot: 2027-01-01dosud neúčinné znění',
      '1. 1. 2026Hlavní verze (main)účinné znění',
      '1. 1. 1993Snapshot: 1993-01-01historické zněníprávě čtete',
    ]);
    const current = screen.getByRole('link', { name: 'Snapshot: 1993-01-01' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.getAttribute('href')).toBe('/documents/doc?branch=snapshot-1993-01-01');
  });
});
