// A profile's section: a heading, then its items as a plain list, or one grey line saying there
// are none. Used by the user and organization pages for collections, organizations, locations.
import type { ReactNode } from 'react';
import { Heading, Text } from '@radix-ui/themes';

interface Props<T> {
  title: string;
  headingId?: string;
  emptyText: string;
  items: readonly T[];
  itemKey: (item: T, index: number) => string;
  children: (item: T) => ReactNode;
}

export function TitledList<T>({ title, headingId, emptyText, items, itemKey, children }: Props<T>) {
  return (
    <>
      <Heading as="h2" size="4" mb="3" id={headingId}>
        {title}
      </Heading>
      {items.length === 0 ? (
        <Text as="p" color="gray" size="2">
          {emptyText}
        </Text>
      ) : (
        <ul className="account-plain-list">
          {items.map((item, index) => (
            <li key={itemKey(item, index)}>{children(item)}</li>
          ))}
        </ul>
      )}
    </>
  );
}
