// Shown on the home page while the library holds no documents: the steps that work on this
// server's engine (GET /v1/admin/imports/options). On the embedded database only the running
// server may open it: the import page (operators) or `npm run import`, which then sends the
// files through the server; on PostgreSQL `npm run import` works with or without the server.
// Operators can also import the starter set from the official services here; others are told who can.
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { Button, Card, Code, Flex, Heading, Text } from '@radix-ui/themes';
import { call } from '../../../api/client';
import { routes } from '../../../api/contract/routes';
import { resourcePage } from '../../../machines/resource-page.machine';
import { StarterSet } from '../../../components/sources/starter-set';

const importOptionsMachine = resourcePage((_key, signal) => call(routes.getImportOptions, { signal }));

/** `onImported`: the starter set arrived, so the library can be loaded again. */
export function EmptyLibrary({ onImported }: { onImported?: () => void }) {
  const intl = useIntl();
  const page = useActorRef(importOptionsMachine, { input: { key: 'import-options' } });
  const options = useSelector(page, (snapshot) => snapshot.context.resource);
  // Until the engine is known (or if asking failed), the general words.
  const steps = options ? `home.empty.${options.engine}` : 'home.empty.text';
  return (
    <Card size="3" data-testid="empty-library">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5">
          {intl.formatMessage({ id: 'home.empty.title' })}
        </Heading>
        {options?.operator && <StarterSet files="steps" onImported={onImported} />}
        {options && !options.operator && (
          <Text as="p" size="3" color="gray">
            {intl.formatMessage({ id: 'starterSet.operatorsOnly' })}
          </Text>
        )}
        <Text as="p" size="3">
          {intl.formatMessage({ id: steps })}
        </Text>
        <Code size="3" className="command">
          npm run import -- &lt;{intl.formatMessage({ id: 'home.empty.placeholder' })}&gt;
        </Code>
        {options?.operator && (
          <Flex>
            <Button asChild>
              <Link href="/admin/import">{intl.formatMessage({ id: 'home.empty.importPage' })}</Link>
            </Button>
          </Flex>
        )}
        <Text as="p" size="2" color="gray">
          {intl.formatMessage({ id: 'home.empty.formats' })}
        </Text>
      </Flex>
    </Card>
  );
}
