// /memory: whose memory (mine or an organization's), the search, the entities with their counts,
// the opened entity (entity-panel.tsx), a form for a new entity, and how to connect an agent.
// The flow is memoryBrowserMachine; this renders it and sends what the user does.
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Box, Button, Callout, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { SignedInPage } from '../../components/accounts/login-required';
import { LoadingStatus } from '../../components/status/loading-status';
import {
  memoryBrowserMachine,
  selectEntities,
  selectListError,
  selectListLoading,
  selectNeedsOrganization,
  selectOpenEntity,
  selectOrganizationId,
  selectOwner,
  selectQuery,
  selectWriting,
} from '../../machines/memory/memory-browser.machine';
import { FailureText } from '../api-keys/failure-text';
import { OwnerSwitch } from '../api-keys/owner-switch';
import { ConnectAgent } from './connect-agent';
import { EntityPanel } from './entity-panel';
import '../api-keys/api-keys.css';
import './memory.css';
import { PageHeading } from '../../components/page-heading/page-heading';

type Browser = ActorRefFrom<typeof memoryBrowserMachine>;

export function MemoryScreen() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'memory.title' });
  return <SignedInPage title={title}>{() => <MemoryPage title={title} />}</SignedInPage>;
}

function MemoryPage({ title }: { title: string }) {
  const intl = useIntl();
  const id = useId();
  const browser = useActorRef(memoryBrowserMachine);
  const owner = useSelector(browser, selectOwner);
  const organizationId = useSelector(browser, selectOrganizationId);
  const q = useSelector(browser, selectQuery);

  return (
    <Flex direction="column" gap="5" className="page">
      <PageHeading title={title} intro={intl.formatMessage({ id: 'memory.intro' })} />
      <OwnerSwitch
        legend={intl.formatMessage({ id: 'memory.owner.label' })}
        owner={owner}
        organizationId={organizationId}
        onOwner={(next) => browser.send({ type: 'owner.select', owner: next })}
        onOrganizationId={(value) => browser.send({ type: 'organization.input', value })}
      />
      <Box role="search">
        <Text as="label" htmlFor={`${id}-search`} size="2" weight="medium">
          {intl.formatMessage({ id: 'memory.search.label' })}
        </Text>
        <TextField.Root
          id={`${id}-search`}
          type="search"
          mt="1"
          value={q}
          onChange={(event) => browser.send({ type: 'search.input', value: event.target.value })}
        />
      </Box>
      <div className="memory-layout">
        <Flex direction="column" gap="4">
          <EntityList browser={browser} />
          <NewEntityForm browser={browser} />
        </Flex>
        <EntityPanel browser={browser} />
      </div>
      <ConnectAgent />
    </Flex>
  );
}

function EntityList({ browser }: { browser: Browser }) {
  const intl = useIntl();
  const id = useId();
  const entities = useSelector(browser, selectEntities);
  const loading = useSelector(browser, selectListLoading);
  const error = useSelector(browser, selectListError);
  const needsOrganization = useSelector(browser, selectNeedsOrganization);
  const openId = useSelector(browser, (s) => selectOpenEntity(s)?.id);

  return (
    <Flex asChild direction="column" gap="2">
      <section aria-labelledby={`${id}-title`}>
        <Heading as="h2" size="4" id={`${id}-title`}>
          {intl.formatMessage({ id: 'memory.entities.label' })}
        </Heading>
        {needsOrganization ? (
          <Callout.Root color="gray" variant="surface">
            <Callout.Text>{intl.formatMessage({ id: 'apiKeys.needsOrganization' })}</Callout.Text>
          </Callout.Root>
        ) : error ? (
          <FailureText error={error} />
        ) : loading && entities.length === 0 ? (
          <LoadingStatus label={intl.formatMessage({ id: 'memory.entities.loading' })} />
        ) : entities.length === 0 ? (
          <Text as="p" color="gray">
            {intl.formatMessage({ id: 'memory.entities.empty' })}
          </Text>
        ) : (
          <ul className="memory-entity-list" aria-busy={loading}>
            {entities.map((entity) => (
              <li key={entity.id}>
                <button
                  type="button"
                  aria-current={entity.id === openId ? 'true' : undefined}
                  data-testid={`memory-entity-${entity.name}`}
                  onClick={() => browser.send({ type: 'entity.open', id: entity.id })}
                >
                  <Text as="div" weight="medium">
                    {entity.name}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {[
                      entity.entity_type,
                      intl.formatMessage({ id: 'memory.entity.observations' }, { count: entity.observation_count }),
                      intl.formatMessage({ id: 'memory.entity.relations' }, { count: entity.relation_count }),
                      intl.formatMessage({ id: 'memory.entity.links' }, { count: entity.link_count }),
                    ].join(' · ')}
                  </Text>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Flex>
  );
}

function NewEntityForm({ browser }: { browser: Browser }) {
  const intl = useIntl();
  const id = useId();
  const writing = useSelector(browser, selectWriting);
  const needsOrganization = useSelector(browser, selectNeedsOrganization);
  const [name, setName] = useState('');
  const [entityType, setEntityType] = useState('');
  const t = (key: string) => intl.formatMessage({ id: `memory.new.${key}` });
  if (needsOrganization) return null;
  return (
    <Flex asChild direction="column" gap="2">
      <form
        aria-labelledby={`${id}-title`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() === '' || entityType.trim() === '') return;
          browser.send({ type: 'memory.write', write: { kind: 'entity.create', name, entityType } });
          setName('');
          setEntityType('');
        }}
      >
        <Heading as="h3" size="3" id={`${id}-title`}>
          {t('title')}
        </Heading>
        <Box>
          <Text as="label" htmlFor={`${id}-name`} size="2" weight="medium">
            {t('name')}
          </Text>
          <TextField.Root
            id={`${id}-name`}
            mt="1"
            value={name}
            maxLength={500}
            onChange={(e) => setName(e.target.value)}
          />
        </Box>
        <Box>
          <Text as="label" htmlFor={`${id}-type`} size="2" weight="medium">
            {t('type')}
          </Text>
          <TextField.Root
            id={`${id}-type`}
            mt="1"
            value={entityType}
            maxLength={500}
            onChange={(e) => setEntityType(e.target.value)}
          />
        </Box>
        <Flex>
          <Button type="submit" disabled={writing || name.trim() === '' || entityType.trim() === ''}>
            {t('submit')}
          </Button>
        </Flex>
      </form>
    </Flex>
  );
}
