// How a version is named in the interface: 'main' -> 'Main version (main)', 'snapshot-X' -> 'Snapshot: X'.
import type { IntlShape } from 'react-intl';

const SNAPSHOT_PREFIX = 'snapshot-';

export function branchLabel(intl: IntlShape, name: string): string {
  if (name === 'main') return intl.formatMessage({ id: 'compare.branch.main' }, { name });
  if (name.startsWith(SNAPSHOT_PREFIX)) {
    return intl.formatMessage({ id: 'compare.branch.snapshot' }, { name: name.slice(SNAPSHOT_PREFIX.length) });
  }
  return name;
}
