// A list of changes under their headings: each group's heading (Hlava 3 – Moc výkonná) as a
// heading one level below the list's, then its items. Shared by the changed, added and removed lists.
import type { ReactNode } from 'react';
import { Flex, Heading } from '@radix-ui/themes';
import { groupByHeading, isAllCaps } from './heading-groups';
import './comparison.css';

interface Placed {
  path: string;
  citation: string | null;
  headings: { path: string; cite_key: string | null; title: string | null }[];
}

export function HeadingGroupList<T extends Placed>({ items, render }: { items: T[]; render: (item: T) => ReactNode }) {
  return (
    <Flex direction="column" gap="4">
      {groupByHeading(items).map((group) => (
        <Flex key={group.key} direction="column" gap="2">
          {group.headings.length > 0 && (
            <Heading as="h4" size="2" color="gray" className="lexhub-compare-context">
              {group.headings.map((heading, index) => (
                <span key={heading.path}>
                  {index > 0 && <span aria-hidden>{' › '}</span>}
                  {index > 0 && <span className="lexhub-visually-hidden">{', '}</span>}
                  {heading.cite_key}
                  {heading.cite_key && heading.title && ' – '}
                  {heading.title && (
                    <span className={isAllCaps(heading.title) ? 'lexhub-compare-caps' : undefined}>
                      {heading.title}
                    </span>
                  )}
                </span>
              ))}
            </Heading>
          )}
          <Flex asChild direction="column" gap="2">
            <ul className="lexhub-plain-list">
              {group.items.map((item) => (
                <li key={item.path}>{render(item)}</li>
              ))}
            </ul>
          </Flex>
        </Flex>
      ))}
    </Flex>
  );
}
