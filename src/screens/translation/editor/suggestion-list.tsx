// The translate answer's suggestions (best first: %, kind, text, the memory match's source text
// with its legally significant differences marked, every provenance) and its QA issues.
import { useIntl, type IntlShape } from 'react-intl';
import { Badge, Button, Card, Flex, Heading, Text, VisuallyHidden } from '@radix-ui/themes';
import type { LegalDifference, Provenance, QaIssue, Suggestion } from '../../../api/contract/translation';
import { versionLabel } from './fragment-place';

/** The providers as their makers write them; an OpenAI-compatible one is named by its model too. */
const PROVIDER_NAMES = { deepl: 'DeepL', libretranslate: 'LibreTranslate', openai: 'OpenAI API' } as const;

/** Exact matches read as safe to take, fuzzy ones as to check. */
const SCORE_COLOR = { exact: 'green', fuzzy: 'amber' } as const;

interface SuggestionListProps {
  suggestions: Suggestion[];
  sourceLanguage: string;
  targetLanguage: string;
  onUse: (text: string) => void;
  disabled: boolean;
}

export function SuggestionList({ suggestions, sourceLanguage, targetLanguage, onUse, disabled }: SuggestionListProps) {
  const intl = useIntl();
  return (
    <section aria-labelledby="translation-suggestions-heading">
      <Heading as="h3" size="3" mb="2" id="translation-suggestions-heading">
        {intl.formatMessage({ id: 'translation.editor.suggestions.heading' })}
      </Heading>
      {suggestions.length === 0 ? (
        <Text as="p" size="2" color="gray">
          {intl.formatMessage({ id: 'translation.editor.suggestions.empty' })}
        </Text>
      ) : (
        <ol className="translation-editor-list" data-testid="translation-suggestions">
          {suggestions.map((suggestion, index) => (
            <li key={index} data-testid="translation-suggestion">
              <Card size="1">
                <Flex direction="column" gap="2">
                  <Flex gap="2" align="center" wrap="wrap">
                    {/* A machine translation matches nothing: a '0% match' would only alarm. */}
                    {suggestion.kind !== 'mt' && (
                      <Badge
                        variant="soft"
                        highContrast
                        color={SCORE_COLOR[suggestion.kind]}
                        data-testid="suggestion-score"
                      >
                        {intl.formatMessage(
                          { id: 'translation.editor.suggestions.score' },
                          { value: intl.formatNumber(suggestion.score / 100, { style: 'percent' }) },
                        )}
                      </Badge>
                    )}
                    <Badge variant="soft" highContrast color="gray" data-testid="suggestion-kind">
                      {intl.formatMessage({ id: `translation.editor.kind.${suggestion.kind}` })}
                    </Badge>
                  </Flex>
                  <Text as="p" size="2" lang={targetLanguage} className="translation-editor-prewrap">
                    {suggestion.text}
                  </Text>
                  {/* A memory match's own source; a machine translation's is this very text. */}
                  {suggestion.kind !== 'mt' && (
                    <Text as="p" size="1" color="gray">
                      {intl.formatMessage({ id: 'translation.editor.suggestions.source' })}{' '}
                      <span lang={sourceLanguage} data-testid="suggestion-source">
                        <MarkedSource text={suggestion.source_text} differences={suggestion.differences} />
                      </span>
                    </Text>
                  )}
                  {suggestion.differences.length > 0 && (
                    <ul className="translation-editor-plain-list" data-testid="suggestion-differences">
                      {suggestion.differences.map((difference, at) => (
                        <li key={at}>
                          <Text size="1">{differenceText(intl, difference)}</Text>
                        </li>
                      ))}
                    </ul>
                  )}
                  <ul className="translation-editor-plain-list" data-testid="suggestion-provenance">
                    {suggestion.provenance.map((provenance, at) => (
                      <li key={at}>
                        <Text size="1" color="gray">
                          {provenanceText(intl, provenance)}
                        </Text>
                      </li>
                    ))}
                  </ul>
                  <Flex>
                    <Button size="1" variant="soft" disabled={disabled} onClick={() => onUse(suggestion.text)}>
                      {intl.formatMessage({ id: 'translation.editor.suggestions.use' })}
                      <VisuallyHidden>{` ${index + 1}`}</VisuallyHidden>
                    </Button>
                  </Flex>
                </Flex>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The source text with each difference's `found` range marked. */
function MarkedSource({ text, differences }: { text: string; differences: LegalDifference[] }) {
  const ranges = differences
    .flatMap((difference) =>
      difference.start !== null && difference.end !== null && difference.end > difference.start
        ? [{ start: Math.max(0, difference.start), end: Math.min(text.length, difference.end) }]
        : [],
    )
    .sort((a, b) => a.start - b.start);
  const pieces: React.ReactNode[] = [];
  let at = 0;
  for (const range of ranges) {
    if (range.start < at || range.end <= range.start) continue;
    if (range.start > at) pieces.push(text.slice(at, range.start));
    pieces.push(
      <mark key={range.start} data-testid="suggestion-difference">
        {text.slice(range.start, range.end)}
      </mark>,
    );
    at = range.end;
  }
  if (at < text.length) pieces.push(text.slice(at));
  return <>{pieces}</>;
}

function differenceText(intl: IntlShape, difference: LegalDifference): string {
  const missing = intl.formatMessage({ id: 'translation.editor.suggestions.missing' });
  return intl.formatMessage(
    { id: 'translation.editor.suggestions.difference' },
    // The catalogue's shared variable names: name = the kind, value = here, message = in the match.
    {
      name: intl.formatMessage({ id: `translation.editor.differenceKind.${difference.kind}` }),
      value: difference.expected ?? missing,
      message: difference.found ?? missing,
    },
  );
}

function provenanceText(intl: IntlShape, provenance: Provenance): string {
  const say = (id: string, values: Record<string, string>) =>
    intl.formatMessage({ id: `translation.editor.provenance.${id}` }, values);
  switch (provenance.source) {
    case 'tm':
      return [
        say('tm', { value: provenance.celex ?? say('unknown', {}) }),
        ...(provenance.tmx_file ? [say('file', { name: provenance.tmx_file })] : []),
      ].join(', ');
    case 'library':
      // '1/1993 Sb., Čl. 4 (Main version)': the law, the provision, then which version of it.
      return `${[provenance.external_id, ...(provenance.cite_key ? [provenance.cite_key] : [])].join(', ')} ${say(
        'version',
        { value: versionLabel(intl, provenance.branch_name) },
      )}`;
    case 'provider': {
      const provider = say('provider', { name: PROVIDER_NAMES[provenance.provider] });
      return provenance.model ? `${provider} (${provenance.model})` : provider;
    }
  }
}

export function QaList({ issues }: { issues: QaIssue[] }) {
  const intl = useIntl();
  if (issues.length === 0) return null;
  const missing = intl.formatMessage({ id: 'translation.editor.suggestions.missing' });
  return (
    <section aria-labelledby="translation-qa-heading">
      <Heading as="h3" size="3" mb="2" id="translation-qa-heading">
        {intl.formatMessage({ id: 'translation.editor.qa.heading' })}
      </Heading>
      <ul className="translation-editor-plain-list" data-testid="translation-qa">
        {issues.map((issue, index) => (
          <li key={index}>
            <Text size="2" color="amber">
              {intl.formatMessage(
                { id: `translation.editor.qa.${issue.code}` },
                // value: in the source, name: in the translation.
                { value: issue.expected, name: issue.found ?? missing },
              )}
            </Text>
          </li>
        ))}
      </ul>
    </section>
  );
}
