// The maintainers of a collection: users and organizations who may change its documents. Its owner
// adds one by type and id or handle (the button waits for something typed) and removes any; a
// maintainer may remove themselves.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Badge, Box, Button, Callout, Card, Flex, Heading, Link, Text, TextField } from '@radix-ui/themes';
import { PlusIcon } from '@radix-ui/react-icons';
import type { CollectionMaintainer } from '../../../api/contract/collections';
import { currentUserAtom } from '../../../atoms/accounts/session.atoms';
import { useAtomValue } from '../../../atoms/store';
import { ErrorCallout } from '../../../components/status/error-callout';
import {
  selectBusy,
  selectCanAddMaintainer,
  selectChangingMaintainers,
  selectMaintainerId,
  selectMaintainers,
  selectMaintainerType,
  selectNoMaintainer,
  selectPending,
  selectRole,
  selectSectionError,
  type collectionManageMachine,
  type MaintainerType,
} from '../../../machines/collections/collection-manage.machine';
import { collectionFailure } from './collection-texts';

type ManageActor = ActorRefFrom<typeof collectionManageMachine>;
const selectMaintainersError = selectSectionError('maintainers');

const profilePath = (maintainer: CollectionMaintainer) =>
  `/${maintainer.maintainer_type === 'org' ? 'org' : 'u'}/${encodeURIComponent(maintainer.handle)}`;

export function CollectionMaintainers({ manage }: { manage: ManageActor }) {
  const intl = useIntl();
  const id = useId();
  const user = useAtomValue(currentUserAtom);
  const maintainers = useSelector(manage, selectMaintainers);
  const role = useSelector(manage, selectRole);
  const busy = useSelector(manage, selectBusy);
  const pending = useSelector(manage, selectPending);
  const error = useSelector(manage, selectMaintainersError);
  const isOwner = role === 'owner';
  const text = (key: string) => intl.formatMessage({ id: `collections.manage.maintainers.${key}` });

  return (
    <section aria-labelledby={`${id}-heading`}>
      <Heading as="h2" size="5" mb="1" id={`${id}-heading`}>
        {text('title')}
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        {text('intro')}
      </Text>
      {error && (
        <ErrorCallout mb="3">
          <Callout.Text>{collectionFailure(intl, error, { maintainer_id: text('id') })}</Callout.Text>
        </ErrorCallout>
      )}
      {maintainers.length === 0 ? (
        <Text as="p" size="2" color="gray">
          {text('empty')}
        </Text>
      ) : (
        <ul className="account-plain-list" data-testid="collection-maintainers">
          {maintainers.map((maintainer) => {
            const self = maintainer.maintainer_type === 'user' && maintainer.maintainer_id === user?.id;
            const canRemove = isOwner || (role === 'maintainer' && self);
            const name = maintainer.maintainer_type === 'user' ? `@${maintainer.handle}` : maintainer.handle;
            return (
              <li key={`${maintainer.maintainer_type}-${maintainer.maintainer_id}`}>
                <Card size="1">
                  <Flex justify="between" align="center" gap="2" wrap="wrap">
                    <Flex gap="2" align="center" wrap="wrap" minWidth="0">
                      <Link asChild className="collection-wrap">
                        <RouterLink href={profilePath(maintainer)}>{name}</RouterLink>
                      </Link>
                      <Badge
                        variant="soft"
                        highContrast
                        color={maintainer.maintainer_type === 'org' ? 'indigo' : 'gray'}
                      >
                        {text(`type.${maintainer.maintainer_type}`)}
                      </Badge>
                      {maintainer.pending && (
                        <Badge variant="outline" color="amber" highContrast>
                          {text('pending')}
                        </Badge>
                      )}
                    </Flex>
                    {canRemove && (
                      <Button
                        size="1"
                        variant="soft"
                        color="red"
                        disabled={busy}
                        loading={busy && pending?.maintainerId === maintainer.maintainer_id}
                        aria-label={intl.formatMessage({ id: 'collections.manage.maintainers.removeOf' }, { name })}
                        onClick={() =>
                          manage.send({
                            type: 'maintainer.remove',
                            maintainerType: maintainer.maintainer_type,
                            maintainerId: maintainer.maintainer_id,
                          })
                        }
                      >
                        {text('remove')}
                      </Button>
                    )}
                  </Flex>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {isOwner && <AddMaintainerForm manage={manage} />}
    </section>
  );
}

function AddMaintainerForm({ manage }: { manage: ManageActor }) {
  const intl = useIntl();
  const id = useId();
  const type = useSelector(manage, selectMaintainerType);
  const value = useSelector(manage, selectMaintainerId);
  const canAdd = useSelector(manage, selectCanAddMaintainer);
  const changing = useSelector(manage, selectChangingMaintainers);
  const pending = useSelector(manage, selectPending);
  const noMaintainer = useSelector(manage, selectNoMaintainer);
  const text = (key: string) => intl.formatMessage({ id: `collections.manage.maintainers.${key}` });

  return (
    <form
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        manage.send({ type: 'maintainer.add' });
      }}
    >
      <Heading as="h3" size="3" mt="4" mb="2" id={`${id}-heading`}>
        {text('addTitle')}
      </Heading>
      <Flex gap="2" align="end" wrap="wrap">
        <Box>
          <Text as="label" htmlFor={`${id}-type`} size="2" weight="medium">
            {text('typeLabel')}
          </Text>
          <Box mt="1">
            <select
              id={`${id}-type`}
              className="account-select"
              value={type}
              onChange={(event) =>
                manage.send({ type: 'maintainer.type', value: event.target.value as MaintainerType })
              }
            >
              <option value="user">{text('type.user')}</option>
              <option value="org">{text('type.org')}</option>
            </select>
          </Box>
        </Box>
        <Box flexGrow="1" minWidth="200px">
          <Text as="label" htmlFor={`${id}-id`} size="2" weight="medium">
            {text('id')}
          </Text>
          <TextField.Root
            id={`${id}-id`}
            mt="1"
            value={value}
            maxLength={100}
            spellCheck={false}
            autoCapitalize="none"
            placeholder={text(type === 'org' ? 'idPlaceholderOrg' : 'idPlaceholderUser')}
            aria-invalid={noMaintainer ? true : undefined}
            onChange={(event) => manage.send({ type: 'maintainer.input', value: event.target.value })}
          />
        </Box>
        <Button type="submit" disabled={!canAdd} loading={changing && !pending}>
          <PlusIcon aria-hidden />
          {text('add')}
        </Button>
      </Flex>
      {noMaintainer && (
        <ErrorCallout mt="3">
          <Callout.Text>
            {intl.formatMessage(
              { id: type === 'org' ? 'collections.manage.maintainers.noOrg' : 'collections.manage.maintainers.noUser' },
              { name: noMaintainer },
            )}
          </Callout.Text>
        </ErrorCallout>
      )}
    </form>
  );
}
