// 'Compact' reading: tighter lines and items, for a lawyer scanning a long list of definitions;
// remembered across pages (readingDensityAtom, stored). The text viewer sets it on its column.
import { useIntl } from 'react-intl';
import { Switch, Text } from '@radix-ui/themes';
import { readingDensityAtom } from '../../atoms/reader/reader-view.atoms';
import { useAtom, useAtomValue } from '../../atoms/store';

export const useReadingDensity = () => useAtomValue(readingDensityAtom);

export function DensityToggle() {
  const intl = useIntl();
  const [density, setDensity] = useAtom(readingDensityAtom);
  return (
    <Text as="label" size="2" className="reader-marks-toggle">
      <Switch
        size="1"
        checked={density === 'compact'}
        onCheckedChange={(compact) => setDensity(compact ? 'compact' : 'comfortable')}
      />
      {intl.formatMessage({ id: 'reader.density.compact' })}
    </Text>
  );
}
