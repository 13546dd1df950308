// The result list of the quick search: one listbox, a labelled group per section (pinned, recent,
// frequent, search, each with its count), each option with title, external id and a group tag;
// then "in the text": provisions whose text matches, with citation and snippet.
import { useEffect, type ReactNode } from 'react';
import { Badge, Box, Flex, Text } from '@radix-ui/themes';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import type { ProvisionHit } from '../../api/contract/search';
import type { QuickSearchGroup, QuickSearchResult } from '../../machines/reader/quick-search.machine';
import { SnippetText } from '../snippet/snippet-text';
import { resultSections } from './result-groups';

const TAG_COLOR: Record<QuickSearchGroup, 'gray' | 'amber' | 'blue' | 'green'> = {
  search: 'gray',
  pinned: 'amber',
  recent: 'blue',
  frequent: 'green',
};

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

interface Props {
  id: string;
  results: readonly QuickSearchResult[];
  /** Their flat indexes go on after `results`. */
  textHits?: readonly ProvisionHit[];
  activeIndex: number;
  onHighlight: (index: number) => void;
  onSelect: (index: number) => void;
}

export function QuickSearchResults({ id, results, textHits = [], activeIndex, onHighlight, onSelect }: Props) {
  const intl = useIntl();

  // Keep the active option in view while the arrow keys move through a long list.
  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(optionId(id, activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  }, [id, activeIndex]);

  return (
    <div
      role="listbox"
      id={id}
      aria-label={intl.formatMessage({ id: 'search.results.label' })}
      className="quick-search-listbox"
    >
      {resultSections(results).map(({ group, entries }) => {
        const headingId = `${id}-group-${group}`;
        return (
          <div role="group" aria-labelledby={headingId} key={group}>
            <GroupHeading id={headingId} group={group} count={entries.length} />
            {entries.map(({ result, index }) => (
              <ResultOption
                key={result.document_id}
                id={optionId(id, index)}
                active={index === activeIndex}
                onHighlight={() => index !== activeIndex && onHighlight(index)}
                onSelect={() => onSelect(index)}
                tag={
                  <Badge color={TAG_COLOR[result.group]} variant="soft" className="quick-search-tag">
                    <FormattedMessage id={`search.tag.${result.group}`} />
                  </Badge>
                }
              >
                <Text as="div" size="2" weight="medium" className="quick-search-title">
                  {result.title}
                </Text>
                <Text as="div" size="1" color="gray">
                  {result.external_id}
                </Text>
              </ResultOption>
            ))}
          </div>
        );
      })}
      {textHits.length > 0 && (
        <div role="group" aria-labelledby={`${id}-group-text`}>
          <GroupHeading id={`${id}-group-text`} group="text" count={textHits.length} />
          {textHits.map((hit, offset) => {
            const index = results.length + offset;
            return (
              <ResultOption
                key={`${hit.branch_id}-${hit.node_id}-${hit.fragment_id ?? ''}`}
                id={optionId(id, index)}
                active={index === activeIndex}
                onHighlight={() => index !== activeIndex && onHighlight(index)}
                onSelect={() => onSelect(index)}
                tag={
                  <Badge color="violet" variant="soft" className="quick-search-tag">
                    <FormattedMessage id="search.tag.text" />
                  </Badge>
                }
              >
                <Text as="div" size="2" weight="medium" className="quick-search-citation">
                  {hit.citation}
                </Text>
                <Text as="div" size="1" color="gray" className="quick-search-snippet" lang={hit.language}>
                  <SnippetText snippet={hit.snippet} />
                </Text>
              </ResultOption>
            );
          })}
        </div>
      )}
    </div>
  );
}

function GroupHeading({ id, group, count }: { id: string; group: QuickSearchGroup | 'text'; count: number }) {
  return (
    <Flex
      id={id}
      role="presentation"
      align="center"
      gap="2"
      px="2"
      pt="2"
      pb="1"
      className="quick-search-group-heading"
    >
      <Text size="1" weight="bold" color="gray">
        <FormattedMessage id={`search.group.${group}`} />
      </Text>{' '}
      <Text size="1" color="gray">
        (<FormattedNumber value={count} />)
      </Text>
    </Flex>
  );
}

/** One option: the input keeps the focus and points here with aria-activedescendant. */
function ResultOption({
  id,
  active,
  onHighlight,
  onSelect,
  tag,
  children,
}: {
  id: string;
  active: boolean;
  onHighlight: () => void;
  onSelect: () => void;
  tag: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex
      id={id}
      role="option"
      aria-selected={active}
      // Not a tab stop (the input keeps the focus and points here with
      // aria-activedescendant), but focusable, so the scrolling list counts as keyboard reachable.
      tabIndex={-1}
      className="quick-search-option"
      align="center"
      gap="3"
      px="2"
      py="2"
      // The input keeps the focus; the option only reacts to the click.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onSelect}
      onMouseMove={onHighlight}
    >
      <Box flexGrow="1" minWidth="0">
        {children}
      </Box>
      {tag}
    </Flex>
  );
}
