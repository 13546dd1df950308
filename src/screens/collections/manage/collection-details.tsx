// The owner's part of /collections/{id}: rename and describe the collection, or delete it after a
// confirmation.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { AlertDialog, Box, Button, Callout, Flex, Heading, Text, TextArea, TextField } from '@radix-ui/themes';
import { TrashIcon } from '@radix-ui/react-icons';
import { ErrorCallout } from '../../../components/status/error-callout';
import {
  selectBusy,
  selectCanSaveDetails,
  selectCollection,
  selectDeleting,
  selectDetails,
  selectSavingDetails,
  selectSectionError,
  type collectionManageMachine,
} from '../../../machines/collections/collection-manage.machine';
import { collectionFailure } from './collection-texts';

const selectDetailsError = selectSectionError('details');

export function CollectionDetails({ manage }: { manage: ActorRefFrom<typeof collectionManageMachine> }) {
  const intl = useIntl();
  const id = useId();
  const details = useSelector(manage, selectDetails);
  const collection = useSelector(manage, selectCollection);
  const canSave = useSelector(manage, selectCanSaveDetails);
  const saving = useSelector(manage, selectSavingDetails);
  const deleting = useSelector(manage, selectDeleting);
  const busy = useSelector(manage, selectBusy);
  const error = useSelector(manage, selectDetailsError);
  const text = (key: string) => intl.formatMessage({ id: `collections.manage.details.${key}` });

  return (
    <section aria-labelledby={`${id}-heading`}>
      <Heading as="h2" size="5" mb="3" id={`${id}-heading`}>
        {text('title')}
      </Heading>
      <form
        noValidate
        className="account-form"
        onSubmit={(event) => {
          event.preventDefault();
          manage.send({ type: 'details.save' });
        }}
      >
        <Flex direction="column" gap="3">
          <Box>
            <Text as="label" htmlFor={`${id}-name`} size="2" weight="medium">
              {text('name')}
            </Text>
            <TextField.Root
              id={`${id}-name`}
              mt="1"
              required
              maxLength={120}
              value={details.name}
              aria-invalid={details.name.trim() === '' || error?.field === 'name' ? true : undefined}
              onChange={(event) => manage.send({ type: 'details.field', field: 'name', value: event.target.value })}
            />
          </Box>
          <Box>
            <Text as="label" htmlFor={`${id}-description`} size="2" weight="medium">
              {text('description')}
            </Text>
            <TextArea
              id={`${id}-description`}
              mt="1"
              rows={3}
              maxLength={2000}
              value={details.description}
              onChange={(event) =>
                manage.send({ type: 'details.field', field: 'description', value: event.target.value })
              }
            />
          </Box>
          {error && (
            <ErrorCallout>
              <Callout.Text>
                {collectionFailure(intl, error, { name: text('name'), description: text('description') })}
              </Callout.Text>
            </ErrorCallout>
          )}
          <Flex gap="3" wrap="wrap" justify="between">
            <Button type="submit" disabled={!canSave} loading={saving}>
              {text('save')}
            </Button>
            <AlertDialog.Root>
              <AlertDialog.Trigger>
                <Button type="button" color="red" variant="soft" disabled={busy} loading={deleting}>
                  <TrashIcon aria-hidden />
                  {text('delete')}
                </Button>
              </AlertDialog.Trigger>
              <AlertDialog.Content maxWidth="440px">
                <AlertDialog.Title>{text('deleteTitle')}</AlertDialog.Title>
                <AlertDialog.Description size="2">
                  {intl.formatMessage(
                    { id: 'collections.manage.details.deleteText' },
                    { name: collection?.name ?? '' },
                  )}
                </AlertDialog.Description>
                <Flex gap="3" mt="4" justify="end" wrap="wrap">
                  <AlertDialog.Cancel>
                    <Button variant="soft" color="gray">
                      {text('deleteCancel')}
                    </Button>
                  </AlertDialog.Cancel>
                  <AlertDialog.Action>
                    <Button color="red" onClick={() => manage.send({ type: 'collection.delete' })}>
                      {text('deleteConfirm')}
                    </Button>
                  </AlertDialog.Action>
                </Flex>
              </AlertDialog.Content>
            </AlertDialog.Root>
          </Flex>
        </Flex>
      </form>
    </section>
  );
}
