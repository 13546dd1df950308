// How a version is named on screen: main as 'Main version (main)', snapshot-X as 'Snapshot: X'.
import { useCallback } from 'react';
import { useIntl } from 'react-intl';

export function useBranchLabel(): (name: string) => string {
  const intl = useIntl();
  return useCallback(
    (name: string) => {
      if (name === 'main') return intl.formatMessage({ id: 'reader.versions.main' }, { name });
      if (name.startsWith('snapshot-')) return intl.formatMessage({ id: 'reader.versions.snapshot' }, { name: name.slice('snapshot-'.length) });
      return name;
    },
    [intl],
  );
}
