// Layout shared by the privacy notice and the terms: a title, an introduction and short
// sections, all from the message catalogue (`<page>.title`, `<page>.intro`, `<page>.<section>.*`).
import { useIntl } from 'react-intl';
import { Flex, Heading, Text } from '@radix-ui/themes';
import { PageTitle } from '../../../components/shell/page-title';

export function LegalPage({ page, sections }: { page: string; sections: readonly string[] }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: `${page}.title` });

  return (
    <Flex direction="column" gap="5" className="page page-prose" data-testid={page}>
      <PageTitle title={title} />
      <Heading as="h1" size="8">
        {title}
      </Heading>
      <Text as="p" size="4">
        {intl.formatMessage({ id: `${page}.intro` })}
      </Text>
      {sections.map((section) => (
        <section key={section} aria-labelledby={`${page}-${section}`}>
          <Heading as="h2" size="5" mb="2" id={`${page}-${section}`}>
            {intl.formatMessage({ id: `${page}.${section}.heading` })}
          </Heading>
          <Text as="p" size="3">
            {intl.formatMessage({ id: `${page}.${section}.text` })}
          </Text>
        </section>
      ))}
    </Flex>
  );
}
