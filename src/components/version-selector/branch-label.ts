// How a version is named on screen: main as 'Main version (main)', snapshot-X as 'Snapshot: X'.
// One rule for the version selector, the comparison screen, the banner and the timeline. With its
// date of effect and status: 'Hlavní verze (main) · účinné od 1. 1. 2026',
// 'Snapshot: 1993-01-01 · in force from 1 January 1993 · historical version'.
import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Branch } from '../../api/contract';
import { todayIso, versionStatus, type VersionStatus } from '../../shared/versions-in-force';

const SNAPSHOT_PREFIX = 'snapshot-';

export function branchLabel(intl: IntlShape, name: string): string {
  if (name === 'main') return intl.formatMessage({ id: 'reader.versions.main' }, { name });
  if (name.startsWith(SNAPSHOT_PREFIX)) {
    return intl.formatMessage({ id: 'reader.versions.snapshot' }, { name: name.slice(SNAPSHOT_PREFIX.length) });
  }
  return name;
}

export function useBranchLabel(): (name: string) => string {
  const intl = useIntl();
  return useCallback((name: string) => branchLabel(intl, name), [intl]);
}

/** A date of effect as lawyers write it: '1. 1. 2026' in Czech, '1 January 2026' in English. */
export function effectiveDate(intl: IntlShape, iso: string): string {
  const czech = intl.locale.startsWith('cs');
  return new Intl.DateTimeFormat(czech ? 'cs-CZ' : 'en-GB', {
    day: 'numeric',
    month: czech ? 'numeric' : 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}

const STATUS_MESSAGE: Partial<Record<VersionStatus, string>> = {
  historical: 'reader.versions.status.historical',
  not_yet_in_force: 'reader.versions.status.notYetInForce',
};

/**
 * The version's name, its date of effect and, unless it is the version in force, its status;
 * never an end date (the sources state none, and the next version held is no evidence of one).
 */
export function datedBranchLabel(
  intl: IntlShape,
  branch: Pick<Branch, 'id' | 'name' | 'valid_from'>,
  branches: readonly Pick<Branch, 'id' | 'valid_from'>[],
  today = todayIso(),
): string {
  const parts = [branchLabel(intl, branch.name)];
  if (branch.valid_from) {
    parts.push(
      intl.formatMessage({ id: 'reader.versions.validFrom' }, { date: effectiveDate(intl, branch.valid_from) }),
    );
  }
  const status = STATUS_MESSAGE[versionStatus(branches, branch, today)];
  if (status) parts.push(intl.formatMessage({ id: status }));
  return parts.join(' · ');
}
