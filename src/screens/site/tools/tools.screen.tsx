// /tools: the developer tools. The API Explorer (?tool=api-explorer) and the WebSocket demo
// (?tool=ws-demo) open below the list, so the address can be shared.
import { useId, type ReactNode } from 'react';
import { Button, Card, Flex, Grid, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { ChevronDownIcon, ChevronUpIcon, CodeIcon, ExternalLinkIcon, LightningBoltIcon } from '@radix-ui/react-icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { PageTitle } from '../../../components/shell/page-title';
import { ApiExplorer, OPENAPI_URL } from './api-explorer';
import { WsDemo } from './ws-demo';
import './tools.css';

export const TOOL_PARAM = 'tool';
export const API_EXPLORER = 'api-explorer';
export const WS_DEMO = 'ws-demo';

export function ToolsScreen() {
  const intl = useIntl();
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

  return (
    <Flex direction="column" gap="5" className="tools-page">
      <PageTitle title={intl.formatMessage({ id: 'tools.title' })} />
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
          <ToolCard
            icon={<CodeIcon width="20" height="20" aria-hidden className="tools-icon" />}
            headingId={explorerHeadingId}
            name="tools.apiExplorer.name"
            description="tools.apiExplorer.description"
            open={explorerOpen}
            panelId={explorerId}
            onToggle={() => toggleTool(API_EXPLORER)}
            toggleLabel={explorerOpen ? 'tools.apiExplorer.close' : 'tools.apiExplorer.open'}
          >
            <RadixLink href={OPENAPI_URL} size="2" target="_blank" rel="noreferrer">
              <FormattedMessage id="tools.apiExplorer.raw" />{' '}
              <ExternalLinkIcon aria-hidden className="tools-inline-icon" />
            </RadixLink>
          </ToolCard>
          <ToolCard
            icon={<LightningBoltIcon width="20" height="20" aria-hidden className="tools-icon" />}
            headingId={wsDemoHeadingId}
            name="tools.wsDemo.name"
            description="tools.wsDemo.description"
            open={wsDemoOpen}
            panelId={wsDemoId}
            onToggle={() => toggleTool(WS_DEMO)}
            toggleLabel={wsDemoOpen ? 'wsDemo.close' : 'wsDemo.open'}
          />
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

/** One tool in the list: its icon and name, what it does, and the button that opens it below the list. */
function ToolCard({
  icon,
  headingId,
  name,
  description,
  open,
  panelId,
  onToggle,
  toggleLabel,
  children,
}: {
  icon: ReactNode;
  headingId: string;
  /** Message ids of the name and the description. */
  name: string;
  description: string;
  open: boolean;
  /** The section the button opens and closes. */
  panelId: string;
  onToggle: () => void;
  /** The button's message id (it says open or close). */
  toggleLabel: string;
  /** More actions beside the button. */
  children?: ReactNode;
}) {
  return (
    <Card asChild size="2">
      <li>
        <Flex direction="column" gap="3" height="100%">
          <Flex align="center" gap="2">
            {icon}
            <Heading as="h2" size="4" id={headingId}>
              <FormattedMessage id={name} />
            </Heading>
          </Flex>
          <Text as="p" size="2" color="gray">
            <FormattedMessage id={description} />
          </Text>
          <Flex gap="3" align="center" wrap="wrap" mt="auto">
            <Button variant={open ? 'soft' : 'solid'} aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
              {open ? <ChevronUpIcon aria-hidden /> : <ChevronDownIcon aria-hidden />}
              <FormattedMessage id={toggleLabel} />
            </Button>
            {children}
          </Flex>
        </Flex>
      </li>
    </Card>
  );
}
