// 'Connect an agent': the MCP address of this Lexhub (its own origin + /mcp) and a client
// configuration whose bearer key comes from the environment, never written into the file.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { Code, Flex, Heading, Link, Text } from '@radix-ui/themes';

/** The JSON most MCP clients (Claude, Cursor, VS Code) read, with ${LEXHUB_API_KEY} left to the environment. */
export function sampleClientConfig(mcpUrl: string): string {
  return JSON.stringify(
    {
      mcpServers: {
        lexhub: {
          type: 'http',
          url: mcpUrl,
          headers: { Authorization: 'Bearer ${LEXHUB_API_KEY}' },
        },
      },
    },
    null,
    2,
  );
}

export function ConnectAgent() {
  const intl = useIntl();
  const id = useId();
  const mcpUrl = `${window.location.origin}/mcp`;
  const t = (key: string) => intl.formatMessage({ id: `memory.connect.${key}` });
  return (
    <Flex asChild direction="column" gap="3">
      <section aria-labelledby={`${id}-title`}>
        <Heading as="h2" size="4" id={`${id}-title`}>
          {t('title')}
        </Heading>
        <Text as="p" size="2" color="gray">
          {t('text')}
        </Text>
        <Flex direction="column" gap="1">
          <Text size="2" weight="medium" id={`${id}-url`}>
            {t('url')}
          </Text>
          <Code aria-labelledby={`${id}-url`} data-testid="mcp-url">
            {mcpUrl}
          </Code>
        </Flex>
        <Flex direction="column" gap="1">
          <Text size="2" weight="medium" id={`${id}-config`}>
            {t('config')}
          </Text>
          <pre className="memory-config" aria-labelledby={`${id}-config`} tabIndex={0} data-testid="mcp-config">
            {sampleClientConfig(mcpUrl)}
          </pre>
        </Flex>
        <Link asChild size="2">
          <RouterLink href="/settings/api-keys">{t('keysLink')}</RouterLink>
        </Link>
      </section>
    </Flex>
  );
}
