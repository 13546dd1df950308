// The page that only tells the user something (not found, coming soon): an emblem, the title (the
// tab's too), a sentence, then the way on.
import type { ReactNode } from 'react';
import { Flex, Heading, Text } from '@radix-ui/themes';
import { PageTitle } from '../../components/shell/page-title';

export function MessagePage({
  title,
  text,
  emblem,
  children,
  ...data
}: {
  title: string;
  text: string;
  emblem: ReactNode;
  children: ReactNode;
} & { [attribute: `data-${string}`]: string }) {
  return (
    <Flex direction="column" align="start" gap="4" className="page" {...data}>
      <PageTitle title={title} />
      {emblem}
      <Heading as="h1" size="8">
        {title}
      </Heading>
      <Text as="p" size="4" color="gray">
        {text}
      </Text>
      {children}
    </Flex>
  );
}
