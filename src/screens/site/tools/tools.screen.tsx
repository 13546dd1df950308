// /tools: the developer tools. The API Explorer (?tool=api-explorer) and the WebSocket demo
// (?tool=ws-demo) open below the list, so the address can be shared.
import { useId } from 'react';
import { Button, Card, Flex, Grid, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { ChevronDownIcon, ChevronUpIcon, CodeIcon, ExternalLinkIcon, LightningBoltIcon } from '@radix-ui/react-icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { usePageTitle } from '../../../components/shell/use-page-title';
import { ApiExplorer, OPENAPI_URL } from './api-explorer';
import { WsDemo } from './ws-demo';
import './tools.css';

export const TOOL_PARAM = 'tool';
export const API_EXPLORER = 'api-explorer';
export const WS_DEMO = 'ws-demo';

export function ToolsScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'tools.title' }));
  const [location, navigate] = useLocation();
  const search = useSearch();
  const openTool = new URLSearchParams(search).get(TOOL_PARAM);
  const explorerOpen = openTool === API_EXPLORER;
  const wsDemoOpen = openTool === WS_DEMO;
  const explorerId = useId();
  const explorerHeadingId = useId();
  const wsDemoId = useId();
  const wsDemoHeadingId = useId();

  const toggleTool = (tool: string) => {
    const params = new URLSearchParams(search);
    if (openTool === tool) params.delete(TOOL_PARAM);
    else params.set(TOOL_PARAM, tool);
    const query = params.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };
  const toggleExplorer = () => toggleTool(API_EXPLORER);

  return (
    <Flex direction="column" gap="5" className="tools-page">
      <div>
        <Heading as="h1" size="8" mb="2">
          <FormattedMessage id="tools.title" />
        </Heading>
        <Text as="p" size="3" color="gray">
          <FormattedMessage id="tools.intro" />
        </Text>
      </div>

      <Grid asChild columns={{ initial: '1', sm: '2' }} gap="4">
        <ul className="tools-list">
          <Card asChild size="2">
            <li>
              <Flex direction="column" gap="3" height="100%">
                <Flex align="center" gap="2">
                  <CodeIcon width="20" height="20" aria-hidden className="tools-icon" />
                  <Heading as="h2" size="4" id={explorerHeadingId}>
                    <FormattedMessage id="tools.apiExplorer.name" />
                  </Heading>
                </Flex>
                <Text as="p" size="2" color="gray">
                  <FormattedMessage id="tools.apiExplorer.description" />
                </Text>
                <Flex gap="3" align="center" wrap="wrap" mt="auto">
                  <Button
                    variant={explorerOpen ? 'soft' : 'solid'}
                    aria-expanded={explorerOpen}
                    aria-controls={explorerId}
                    onClick={toggleExplorer}
                  >
                    {explorerOpen ? <ChevronUpIcon aria-hidden /> : <ChevronDownIcon aria-hidden />}
                    <FormattedMessage id={explorerOpen ? 'tools.apiExplorer.close' : 'tools.apiExplorer.open'} />
                  </Button>
                  <RadixLink href={OPENAPI_URL} size="2" target="_blank" rel="noreferrer">
                    <FormattedMessage id="tools.apiExplorer.raw" />{' '}
                    <ExternalLinkIcon aria-hidden className="tools-inline-icon" />
                  </RadixLink>
                </Flex>
              </Flex>
            </li>
          </Card>
          <Card asChild size="2">
            <li>
              <Flex direction="column" gap="3" height="100%">
                <Flex align="center" gap="2">
                  <LightningBoltIcon width="20" height="20" aria-hidden className="tools-icon" />
                  <Heading as="h2" size="4" id={wsDemoHeadingId}>
                    <FormattedMessage id="tools.wsDemo.name" />
                  </Heading>
                </Flex>
                <Text as="p" size="2" color="gray">
                  <FormattedMessage id="tools.wsDemo.description" />
                </Text>
                <Flex gap="3" align="center" wrap="wrap" mt="auto">
                  <Button
                    variant={wsDemoOpen ? 'soft' : 'solid'}
                    aria-expanded={wsDemoOpen}
                    aria-controls={wsDemoId}
                    onClick={() => toggleTool(WS_DEMO)}
                  >
                    {wsDemoOpen ? <ChevronUpIcon aria-hidden /> : <ChevronDownIcon aria-hidden />}
                    <FormattedMessage id={wsDemoOpen ? 'wsDemo.close' : 'wsDemo.open'} />
                  </Button>
                </Flex>
              </Flex>
            </li>
          </Card>
        </ul>
      </Grid>

      <section id={explorerId} aria-labelledby={explorerHeadingId} hidden={!explorerOpen}>
        {explorerOpen && (
          <Flex direction="column" gap="2">
            <Text as="p" size="1" color="gray">
              <FormattedMessage id="tools.apiExplorer.englishOnly" />
            </Text>
            <ApiExplorer />
          </Flex>
        )}
      </section>

      <section id={wsDemoId} aria-labelledby={wsDemoHeadingId} hidden={!wsDemoOpen}>
        {wsDemoOpen && <WsDemo />}
      </section>
    </Flex>
  );
}
