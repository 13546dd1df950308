// A page's title (its one h1) and the sentence under it that says what the page is for.
import { Flex, Heading, Text } from '@radix-ui/themes';

export function PageHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <Flex direction="column" gap="2">
      <Heading as="h1" size="7">
        {title}
      </Heading>
      <Text as="p" color="gray">
        {intro}
      </Text>
    </Flex>
  );
}
