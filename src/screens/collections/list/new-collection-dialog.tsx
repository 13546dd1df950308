// The 'New collection' dialog of /collections: name, description and owner (me, or one of my
// organizations where I am owner or admin). Its state is the list machine's create region.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Box, Button, Callout, Dialog, Flex, Text, TextArea, TextField } from '@radix-ui/themes';
import type { CurrentUser } from '../../../api/contract';
import { ErrorCallout } from '../../../components/status/error-callout';
import {
  ownableOrgs,
  selectCanCreate,
  selectCreateError,
  selectCreateOpen,
  selectCreating,
  selectMyOrgs,
  selectNewCollection,
  type collectionsListMachine,
} from '../../../machines/collections/collections-list.machine';
import { collectionFailure } from '../manage/collection-texts';

export function NewCollectionDialog({
  list,
  user,
}: {
  list: ActorRefFrom<typeof collectionsListMachine>;
  user: CurrentUser;
}) {
  const intl = useIntl();
  const id = useId();
  const open = useSelector(list, selectCreateOpen);
  const form = useSelector(list, selectNewCollection);
  const creating = useSelector(list, selectCreating);
  const canCreate = useSelector(list, selectCanCreate);
  const error = useSelector(list, selectCreateError);
  const orgs = ownableOrgs(useSelector(list, selectMyOrgs));
  const label = (field: string) => intl.formatMessage({ id: `collections.list.create.${field}` });

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : list.send({ type: 'create.close' }))}>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>{label('title')}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {label('description')}
        </Dialog.Description>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            list.send({ type: 'create.submit' });
          }}
        >
          <Flex direction="column" gap="3">
            <Box>
              <Text as="label" htmlFor={`${id}-name`} size="2" weight="medium">
                {label('name')}
              </Text>
              <TextField.Root
                id={`${id}-name`}
                mt="1"
                required
                autoFocus
                maxLength={120}
                value={form.name}
                disabled={creating}
                aria-invalid={error?.field === 'name' ? true : undefined}
                onChange={(event) => list.send({ type: 'create.field', field: 'name', value: event.target.value })}
              />
            </Box>
            <Box>
              <Text as="label" htmlFor={`${id}-description`} size="2" weight="medium">
                {label('descriptionField')}
              </Text>
              <TextArea
                id={`${id}-description`}
                mt="1"
                maxLength={2000}
                rows={3}
                value={form.description}
                disabled={creating}
                onChange={(event) =>
                  list.send({ type: 'create.field', field: 'description', value: event.target.value })
                }
              />
            </Box>
            <Box>
              <Text as="label" htmlFor={`${id}-owner`} size="2" weight="medium">
                {label('owner')}
              </Text>
              <Box mt="1">
                <select
                  id={`${id}-owner`}
                  className="account-select collections-owner-select"
                  value={form.owner}
                  disabled={creating}
                  onChange={(event) => list.send({ type: 'create.field', field: 'owner', value: event.target.value })}
                >
                  <option value="user">
                    {intl.formatMessage({ id: 'collections.list.create.ownerMe' }, { name: user.username })}
                  </option>
                  {orgs.map((org) => (
                    <option key={org.id} value={org.id}>
                      {org.name}
                    </option>
                  ))}
                </select>
              </Box>
            </Box>
            {error && (
              <ErrorCallout>
                <Callout.Text>
                  {collectionFailure(intl, error, { name: label('name'), description: label('descriptionField') })}
                </Callout.Text>
              </ErrorCallout>
            )}
            <Flex gap="3" justify="end" wrap="wrap">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray" disabled={creating}>
                  {label('cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={!canCreate} loading={creating}>
                {label('submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
