// 'Go to provision': a searchable list of the document's provisions (by number, heading or kind).
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Box, Button, Flex, Popover, ScrollArea, Text, TextField } from '@radix-ui/themes';
import { MagnifyingGlassIcon, TargetIcon } from '@radix-ui/react-icons';
import type { Node } from '../../api/contract';
import { useProvisionKindLabel } from '../structure-tree/node-types';
import { labelInLanguage } from './heading-language';
import { nameInLanguage } from './node-name';

const SHOWN = 50;

export interface NodeJumpProps {
  nodes: readonly Node[];
  /** The reading language: numbers and names as the text is headed in it. */
  lang?: string;
  onSelect: (nodeId: string) => void;
}

export function NodeJump({ nodes, lang, onSelect }: NodeJumpProps) {
  const intl = useIntl();
  const kindLabel = useProvisionKindLabel();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');

  const matches = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    if (!needle) return nodes;
    return nodes.filter((node) =>
      [
        nameInLanguage(node, lang),
        node.title,
        node.cite_key,
        node.cite_key && labelInLanguage(node.cite_key, lang),
        node.external_id,
        kindLabel(node),
      ].some((value) => value?.toLocaleLowerCase().includes(needle)),
    );
  }, [nodes, query, kindLabel, lang]);

  const choose = (nodeId: string) => {
    setOpen(false);
    setQuery('');
    onSelect(nodeId);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger>
        <Button variant="soft" size="2" disabled={nodes.length === 0}>
          <TargetIcon aria-hidden />
          {intl.formatMessage({ id: 'reader.text.jump' })}
        </Button>
      </Popover.Trigger>
      <Popover.Content
        size="1"
        width="340px"
        maxWidth="calc(100vw - 32px)"
        aria-label={intl.formatMessage({ id: 'reader.text.jump' })}
      >
        <Flex direction="column" gap="2">
          <TextField.Root
            autoFocus
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            aria-label={intl.formatMessage({ id: 'reader.text.jumpSearch' })}
            placeholder={intl.formatMessage({ id: 'reader.text.jumpSearch' })}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && matches[0]) choose(matches[0].id);
            }}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon aria-hidden />
            </TextField.Slot>
          </TextField.Root>
          {matches.length === 0 ? (
            <Text size="2" color="gray" role="status">
              {intl.formatMessage({ id: 'reader.text.jumpNoResults' })}
            </Text>
          ) : (
            <ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: 320 }}>
              <Box asChild pr="3">
                <ul className="reader-plain-list reader-jump-list">
                  {matches.slice(0, SHOWN).map((node) => (
                    <li key={node.id}>
                      <button type="button" className="reader-jump-item" onClick={() => choose(node.id)}>
                        <Text size="2" weight="medium">
                          {node.cite_key ? labelInLanguage(node.cite_key, lang) : node.external_id}
                        </Text>
                        {nameInLanguage(node, lang) && (
                          <Text size="2" color="gray">
                            {' '}
                            {nameInLanguage(node, lang)}
                          </Text>
                        )}
                        <Text size="1" color="gray" className="reader-jump-type">
                          {kindLabel(node)}
                        </Text>
                      </button>
                    </li>
                  ))}
                </ul>
              </Box>
              {matches.length > SHOWN && (
                <Text size="1" color="gray" as="p" mt="1">
                  {intl.formatMessage({ id: 'reader.text.jumpMore' }, { count: matches.length - SHOWN })}
                </Text>
              )}
            </ScrollArea>
          )}
        </Flex>
      </Popover.Content>
    </Popover.Root>
  );
}
