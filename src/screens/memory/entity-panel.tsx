// The opened entity: its type and counts, observations (add, delete), relations in both
// directions (add by the other entity's name, delete), and linked provisions, each a link to
// the provision in the reader.
import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Box, Button, Flex, Heading, IconButton, Link, Text, TextArea, TextField } from '@radix-ui/themes';
import { Cross2Icon, TrashIcon } from '@radix-ui/react-icons';
import { MEMORY_TEXT_LIMITS, type MemoryEntityDetail } from '../../api/contract/memory';
import { LoadingStatus } from '../../components/status/loading-status';
import {
  selectEntityError,
  selectEntityLoading,
  selectOpenEntity,
  selectWriteError,
  selectWriting,
  type memoryBrowserMachine,
} from '../../machines/memory/memory-browser.machine';
import { provisionPath } from '../../shared/document-path';
import { FailureText } from '../api-keys/failure-text';

type Browser = ActorRefFrom<typeof memoryBrowserMachine>;

export function EntityPanel({ browser }: { browser: Browser }) {
  const intl = useIntl();
  const entity = useSelector(browser, selectOpenEntity);
  const loading = useSelector(browser, selectEntityLoading);
  const error = useSelector(browser, selectEntityError);
  const writeError = useSelector(browser, selectWriteError);
  if (loading) return <LoadingStatus label={intl.formatMessage({ id: 'memory.entity.loading' })} />;
  if (error) return <FailureText error={error} />;
  if (!entity) return writeError ? <FailureText error={writeError} /> : <div />;
  return <OpenEntity key={entity.id} browser={browser} entity={entity} />;
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Flex asChild direction="column" gap="2">
      <section aria-labelledby={id}>
        <Heading as="h3" size="3" id={id}>
          {title}
        </Heading>
        {children}
      </section>
    </Flex>
  );
}

function OpenEntity({ browser, entity }: { browser: Browser; entity: MemoryEntityDetail }) {
  const intl = useIntl();
  const id = useId();
  const writing = useSelector(browser, selectWriting);
  const writeError = useSelector(browser, selectWriteError);
  const [observation, setObservation] = useState('');
  const [relatedName, setRelatedName] = useState('');
  const [relationType, setRelationType] = useState('');
  const t = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: `memory.${key}` }, values);
  const write = (w: Parameters<typeof browser.send>[0] & { type: 'memory.write' }) => browser.send(w);

  return (
    <Flex asChild direction="column" gap="4">
      <section aria-labelledby={`${id}-name`} data-testid="memory-entity-panel">
        <Flex justify="between" align="start" gap="3">
          <Box>
            <Heading as="h2" size="5" id={`${id}-name`}>
              {entity.name}
            </Heading>
            <Text size="2" color="gray">
              {t('entity.type', { value: entity.entity_type })}
            </Text>
          </Box>
          <Flex gap="2">
            <Button
              color="red"
              variant="soft"
              disabled={writing}
              onClick={() => write({ type: 'memory.write', write: { kind: 'entity.delete', id: entity.id } })}
            >
              <TrashIcon aria-hidden />
              {t('entity.delete')}
            </Button>
            <IconButton
              variant="ghost"
              aria-label={t('entity.close')}
              onClick={() => browser.send({ type: 'entity.close' })}
            >
              <Cross2Icon aria-hidden />
            </IconButton>
          </Flex>
        </Flex>
        {writeError && <FailureText error={writeError} />}

        <Part title={t('observations.title')}>
          {entity.observations.length === 0 ? (
            <Text size="2" color="gray">
              {t('observations.empty')}
            </Text>
          ) : (
            <ul className="memory-plain-list">
              {entity.observations.map((o) => (
                <li key={o.id}>
                  <Flex gap="2" align="start" justify="between">
                    <Text size="2" style={{ whiteSpace: 'pre-wrap' }}>
                      {o.content}
                    </Text>
                    <IconButton
                      size="1"
                      variant="ghost"
                      color="red"
                      disabled={writing}
                      aria-label={t('observations.delete', { value: o.content.slice(0, 80) })}
                      onClick={() =>
                        write({
                          type: 'memory.write',
                          write: { kind: 'observation.delete', id: entity.id, observationId: o.id },
                        })
                      }
                    >
                      <TrashIcon aria-hidden />
                    </IconButton>
                  </Flex>
                </li>
              ))}
            </ul>
          )}
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (observation.trim() === '') return;
              write({ type: 'memory.write', write: { kind: 'observation.add', id: entity.id, content: observation } });
              setObservation('');
            }}
          >
            <Flex direction="column" gap="2">
              <Text as="label" htmlFor={`${id}-observation`} size="2" weight="medium">
                {t('observations.new')}
              </Text>
              <TextArea
                id={`${id}-observation`}
                value={observation}
                maxLength={MEMORY_TEXT_LIMITS.observation}
                onChange={(event) => setObservation(event.target.value)}
              />
              <Flex>
                <Button type="submit" size="2" disabled={writing || observation.trim() === ''}>
                  {t('observations.add')}
                </Button>
              </Flex>
            </Flex>
          </form>
        </Part>

        <Part title={t('relations.title')}>
          {entity.relations.length === 0 ? (
            <Text size="2" color="gray">
              {t('relations.empty')}
            </Text>
          ) : (
            <ul className="memory-plain-list">
              {entity.relations.map((r) => (
                <li key={r.id}>
                  <Flex gap="2" align="center" justify="between">
                    <Text size="2">
                      <RelationEnd browser={browser} end={r.from} self={entity.id} /> <em>{r.relation_type}</em>{' '}
                      <RelationEnd browser={browser} end={r.to} self={entity.id} />
                    </Text>
                    <IconButton
                      size="1"
                      variant="ghost"
                      color="red"
                      disabled={writing}
                      aria-label={t('relations.delete', { value: `${r.from.name} ${r.relation_type} ${r.to.name}` })}
                      onClick={() =>
                        write({
                          type: 'memory.write',
                          write: { kind: 'relation.delete', id: entity.id, relationId: r.id },
                        })
                      }
                    >
                      <TrashIcon aria-hidden />
                    </IconButton>
                  </Flex>
                </li>
              ))}
            </ul>
          )}
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (relatedName === '' || relationType.trim() === '') return;
              write({
                type: 'memory.write',
                write: { kind: 'relation.create', id: entity.id, from: entity.name, to: relatedName, relationType },
              });
              setRelatedName('');
              setRelationType('');
            }}
          >
            <Flex gap="2" align="end" wrap="wrap">
              <Box>
                <Text as="label" htmlFor={`${id}-relation-type`} size="2" weight="medium">
                  {t('relations.type')}
                </Text>
                <TextField.Root
                  id={`${id}-relation-type`}
                  mt="1"
                  value={relationType}
                  maxLength={MEMORY_TEXT_LIMITS.name}
                  onChange={(event) => setRelationType(event.target.value)}
                />
              </Box>
              <Box>
                <Text as="label" htmlFor={`${id}-related`} size="2" weight="medium">
                  {t('relations.to')}
                </Text>
                <TextField.Root
                  id={`${id}-related`}
                  mt="1"
                  value={relatedName}
                  maxLength={MEMORY_TEXT_LIMITS.name}
                  onChange={(event) => setRelatedName(event.target.value)}
                />
              </Box>
              <Button type="submit" disabled={writing || relatedName === '' || relationType.trim() === ''}>
                {t('relations.add')}
              </Button>
            </Flex>
          </form>
        </Part>

        <Part title={t('links.title')}>
          {entity.links.length === 0 ? (
            <Text size="2" color="gray">
              {t('links.empty')}
            </Text>
          ) : (
            <ul className="memory-plain-list">
              {entity.links.map((link) => (
                <li key={link.id}>
                  <Link asChild size="2">
                    <RouterLink href={provisionPath(link.document_id, link.document.title, link.node_id ?? undefined)}>
                      {[link.document.external_id, link.citation].filter(Boolean).join(', ')}
                    </RouterLink>
                  </Link>
                  <Text as="div" size="1" color="gray">
                    {link.document.title}
                    {link.note ? ` — ${link.note}` : ''}
                  </Text>
                </li>
              ))}
            </ul>
          )}
        </Part>
      </section>
    </Flex>
  );
}

/** One end of a relation: the opened entity in bold, another one a button that opens it. */
function RelationEnd({ browser, end, self }: { browser: Browser; end: { id: string; name: string }; self: string }) {
  if (end.id === self) return <strong>{end.name}</strong>;
  return (
    <Link asChild>
      <button type="button" className="rt-reset" onClick={() => browser.send({ type: 'entity.open', id: end.id })}>
        {end.name}
      </button>
    </Link>
  );
}
