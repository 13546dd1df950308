// How a version is named on screen: main as 'Main version (main)', snapshot-X as 'Snapshot: X'.
// One rule for the version selector and the comparison screen.
import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';

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
