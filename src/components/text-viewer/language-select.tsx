// The reading language, by name in the interface language: a few languages as chips (one
// pressed), many (an EU act's 23) as a menu. No counts: a reader picks a language, not a number.
import { useIntl } from 'react-intl';
import { Button, Flex, Select, Text } from '@radix-ui/themes';
import type { LanguageRow } from '../../machines/reader/text-loading.machine';

export interface LanguageSelectProps {
  languages: readonly LanguageRow[];
  value?: string;
  loading: boolean;
  onChange: (lang: string) => void;
}

/** Up to this many languages show as chips; more as a menu. */
const MAX_CHIPS = 4;

export function LanguageSelect({ languages, value, loading, onChange }: LanguageSelectProps) {
  const intl = useIntl();
  const nameOf = (language: LanguageRow) =>
    intl.formatDisplayName(language.iso_639_1, { type: 'language' }) ?? (language.name || language.iso_639_1);
  const disabled = loading || languages.length === 0;
  const label = (
    <Text size="2" weight="medium" id="reader-language-label">
      {intl.formatMessage({ id: 'reader.text.language' })}
    </Text>
  );

  if (!disabled && languages.length <= MAX_CHIPS) {
    return (
      <Flex align="center" gap="2" wrap="wrap" role="group" aria-labelledby="reader-language-label">
        {label}
        {languages.map((language) => {
          const pressed = language.iso_639_1 === value;
          return (
            <Button
              key={language.iso_639_1}
              size="1"
              radius="full"
              variant={pressed ? 'solid' : 'soft'}
              color={pressed ? undefined : 'gray'}
              aria-pressed={pressed}
              onClick={() => !pressed && onChange(language.iso_639_1)}
            >
              {nameOf(language)}
            </Button>
          );
        })}
      </Flex>
    );
  }

  return (
    <Flex align="center" gap="2">
      {label}
      <Select.Root value={value ?? ''} onValueChange={onChange} disabled={disabled}>
        <Select.Trigger
          aria-labelledby="reader-language-label"
          placeholder={intl.formatMessage({ id: loading ? 'reader.text.loading' : 'reader.text.noLanguages' })}
        />
        <Select.Content position="popper">
          {languages.map((language) => (
            <Select.Item key={language.iso_639_1} value={language.iso_639_1}>
              {nameOf(language)}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}
