// The editor's side lists: the fragments aligned with this one (each opens in the editor, with
// its language and flags) and the reference spans (choosing one highlights its range).
import { useIntl, type IntlShape } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { Badge, Button, Callout, Flex, Heading, Link, Text } from '@radix-ui/themes';
import type { z } from 'zod';
import type { ApiError } from '../../../api/client';
import type { Span } from '../../../api/contract/documents';
import type { AlignmentMembers } from '../../../api/contract/translation';
import { errorMessage } from '../../../i18n/error-message';
import { ErrorCallout } from '../../../components/status/error-callout';
import { LoadingStatus } from '../../../components/status/loading-status';
import { languageName, TranslationFlags } from './translation-flags';
import type { Range } from './text-pieces';

interface AlignmentListProps {
  fragmentId: string;
  members?: AlignmentMembers;
  loading: boolean;
  error?: ApiError;
}

export function AlignmentList({ fragmentId, members, loading, error }: AlignmentListProps) {
  const intl = useIntl();
  return (
    <section aria-labelledby="editor-alignment-heading" data-testid="editor-alignment">
      <Heading as="h2" size="5" mb="2" id="editor-alignment-heading">
        {intl.formatMessage({ id: 'translation.editor.alignment.heading' })}
      </Heading>
      {error ? (
        <ErrorCallout>
          <Callout.Text>
            {intl.formatMessage({ id: 'translation.editor.alignment.failed' }, { message: errorMessage(intl, error) })}
          </Callout.Text>
        </ErrorCallout>
      ) : !members ? (
        loading && <LoadingStatus label={intl.formatMessage({ id: 'translation.editor.alignment.loading' })} />
      ) : members.items.length === 0 ? (
        <Text as="p" size="2" color="gray">
          {intl.formatMessage({ id: 'translation.editor.alignment.empty' })}
        </Text>
      ) : (
        <ul className="translation-editor-list">
          {members.items.map((member) => {
            const name = `${languageName(intl, member.language_code, member.language_name)} (${member.language_code})`;
            const open = member.fragment_id === fragmentId;
            return (
              <li key={member.fragment_id} data-testid="alignment-member" data-fragment-id={member.fragment_id}>
                <Flex direction="column" gap="1">
                  {open ? (
                    <Flex gap="2" align="center">
                      <Text size="2" weight="bold" aria-current="page">
                        {name}
                      </Text>
                      <Badge variant="outline">{intl.formatMessage({ id: 'translation.editor.alignment.open' })}</Badge>
                    </Flex>
                  ) : (
                    <Link asChild size="2" weight="medium">
                      <RouterLink href={`/editor/${member.fragment_id}`}>{name}</RouterLink>
                    </Link>
                  )}
                  <TranslationFlags translation={member} />
                </Flex>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** A span's kind in the interface language ('odkaz'); a kind without a name stays as the importer wrote it. */
function spanKind(intl: IntlShape, kind: string): string {
  const id = `translation.editor.spans.kind.${kind}`;
  return intl.messages[id] ? intl.formatMessage({ id }) : kind;
}

interface SpanListProps {
  text: string;
  spans: readonly z.output<typeof Span>[];
  range?: Range;
  onChoose: (range: Range) => void;
}

export function SpanList({ text, spans, range, onChoose }: SpanListProps) {
  const intl = useIntl();
  const sorted = [...spans].sort((a, b) => a.abs_start - b.abs_start || a.abs_end - b.abs_end);
  return (
    <section aria-labelledby="editor-spans-heading" data-testid="editor-spans">
      <Heading as="h2" size="5" mb="2" id="editor-spans-heading">
        {intl.formatMessage({ id: 'translation.editor.spans.heading' })}
      </Heading>
      {sorted.length === 0 ? (
        <Text as="p" size="2" color="gray">
          {intl.formatMessage({ id: 'translation.editor.spans.empty' })}
        </Text>
      ) : (
        <ul className="translation-editor-list">
          {sorted.map((span) => {
            const chosen = range?.start === span.abs_start && range.end === span.abs_end;
            return (
              <li key={span.id}>
                <Button
                  size="1"
                  variant={chosen ? 'solid' : 'soft'}
                  aria-pressed={chosen}
                  className="translation-editor-span-button"
                  data-testid="editor-span"
                  onClick={() => onChoose({ start: span.abs_start, end: span.abs_end })}
                >
                  {`${spanKind(intl, span.metadata.kind)}: ${span.metadata.citation ?? text.slice(span.abs_start, span.abs_end)}, ${intl.formatMessage(
                    { id: 'translation.editor.spans.range' },
                    { value: `${span.abs_start}–${span.abs_end}` },
                  )}`}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
