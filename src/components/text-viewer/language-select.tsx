// The reading language: each option names the language and its fragment count.
import { useIntl } from 'react-intl';
import { Flex, Select, Text } from '@radix-ui/themes';
import type { LanguageRow } from '../../machines/reader/text-loading.machine';

export interface LanguageSelectProps {
  languages: readonly LanguageRow[];
  value?: string;
  loading: boolean;
  onChange: (lang: string) => void;
}

export function LanguageSelect({ languages, value, loading, onChange }: LanguageSelectProps) {
  const intl = useIntl();
  const nameOf = (language: LanguageRow) =>
    intl.formatDisplayName(language.iso_639_1, { type: 'language' }) ?? (language.name || language.iso_639_1);
  const disabled = loading || languages.length === 0;

  return (
    <Flex align="center" gap="2">
      <Text size="2" weight="medium" id="reader-language-label">
        {intl.formatMessage({ id: 'reader.text.language' })}
      </Text>
      <Select.Root value={value ?? ''} onValueChange={onChange} disabled={disabled}>
        <Select.Trigger
          aria-labelledby="reader-language-label"
          placeholder={intl.formatMessage({ id: loading ? 'reader.text.loading' : 'reader.text.noLanguages' })}
        />
        <Select.Content position="popper">
          {languages.map((language) => (
            <Select.Item key={language.iso_639_1} value={language.iso_639_1}>
              {intl.formatMessage(
                { id: 'reader.text.languageOption' },
                { name: nameOf(language), count: intl.formatNumber(language.fragments) },
              )}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}
