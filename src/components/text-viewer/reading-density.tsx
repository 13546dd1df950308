// 'Compact' reading: tighter lines and items, for a lawyer scanning a long list of definitions;
// remembered across pages (readingDensityAtom, stored). The text viewer sets it on its column.
import { useIntl } from 'react-intl';
import { Switch, Text } from '@radix-ui/themes';
import { readingDensityAtom } from '../../atoms/reader/reader-view.atoms';
import { useAtom, useAtomValue } from '../../atoms/store';

export const useReadingDensity = () => useAtomValue(readingDensityAtom);

/**
 * `beforeChange` is called before the density changes and returns what to do once it changed (the
 * text viewer notes the provision at the top, then asks for it to be held there).
 */
export function DensityToggle({ beforeChange }: { beforeChange?: () => () => void }) {
  const intl = useIntl();
  const [density, setDensity] = useAtom(readingDensityAtom);
  return (
    <Text as="label" size="2" className="reader-marks-toggle">
      <Switch
        size="1"
        checked={density === 'compact'}
        onCheckedChange={(compact) => {
          const afterChange = beforeChange?.();
          setDensity(compact ? 'compact' : 'comfortable');
          afterChange?.();
        }}
      />
      {intl.formatMessage({ id: 'reader.density.compact' })}
    </Text>
  );
}
