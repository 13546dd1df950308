// Publishing on /collections/{id} (its owner): slug, owner handle (prefilled), an optional short
// handle, whether anyone may read it; Publish and Unpublish. The state lives in
// collectionPublishMachine; the page's summary follows through `onPublished`.
import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useActorRef, useSelector } from '@xstate/react';
import { Box, Button, Callout, Flex, Heading, Switch, Text, TextField } from '@radix-ui/themes';
import { HANDLE_MAX_LENGTH } from '../../../api/contract';
import type { CollectionSummary } from '../../../api/contract/collections';
import { ErrorCallout } from '../../../components/status/error-callout';
import { SuccessCallout } from '../../../components/status/success-callout';
import {
  collectionPublishMachine,
  selectCanUnpublish,
  selectIncomplete,
  selectPublishDone,
  selectPublishError,
  selectPublishForm,
  selectPublishing,
  selectUnpublishing,
  type PublishField,
} from '../../../machines/collections/collection-publish.machine';
import { collectionFailure } from './collection-texts';

const FIELDS: { field: PublishField; max: number; required: boolean }[] = [
  { field: 'slug', max: 50, required: true },
  { field: 'ownerHandle', max: 100, required: true },
  { field: 'vanityHandle', max: HANDLE_MAX_LENGTH, required: false },
];
/** The request's field names, for a refusal that names one. */
const REQUEST_FIELDS: Record<PublishField, string> = {
  slug: 'slug',
  ownerHandle: 'owner_handle',
  vanityHandle: 'vanity_handle',
};
const FIELD_CODES: Partial<Record<string, PublishField>> = {
  slug_taken: 'slug',
  owner_handle_mismatch: 'ownerHandle',
  vanity_handle_taken: 'vanityHandle',
};

export function CollectionPublishPanel({
  collection,
  onPublished,
}: {
  collection: CollectionSummary;
  onPublished: (collection: CollectionSummary) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const publish = useActorRef(collectionPublishMachine, { input: { collection } });
  const form = useSelector(publish, selectPublishForm);
  const incomplete = useSelector(publish, selectIncomplete);
  const publishing = useSelector(publish, selectPublishing);
  const unpublishing = useSelector(publish, selectUnpublishing);
  const canUnpublish = useSelector(publish, selectCanUnpublish);
  const error = useSelector(publish, selectPublishError);
  const done = useSelector(publish, selectPublishDone);
  const busy = publishing || unpublishing;
  const text = (key: string) => intl.formatMessage({ id: `collections.publish.${key}` });

  const onPublishedRef = useRef(onPublished);
  useEffect(() => {
    onPublishedRef.current = onPublished;
  });
  useEffect(() => {
    const subscription = publish.on('collection.published', ({ collection: changed }) =>
      onPublishedRef.current(changed),
    );
    return () => subscription.unsubscribe();
  }, [publish]);

  const refused = (field: PublishField) =>
    (error && (FIELD_CODES[error.detail] === field || error.field === REQUEST_FIELDS[field])) ||
    (incomplete && FIELDS.find((entry) => entry.field === field)?.required && form[field].trim() === '');
  const labels = Object.fromEntries(FIELDS.map(({ field }) => [REQUEST_FIELDS[field], text(field)]));

  return (
    <section aria-labelledby={`${id}-heading`}>
      <Heading as="h2" size="5" mb="1" id={`${id}-heading`}>
        {text('title')}
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        {text('intro')}
      </Text>
      <form
        noValidate
        className="account-form"
        onSubmit={(event) => {
          event.preventDefault();
          publish.send({ type: 'publish.submit' });
        }}
      >
        <Flex direction="column" gap="3">
          {FIELDS.map(({ field, max, required }) => (
            <Box key={field}>
              <Text as="label" htmlFor={`${id}-${field}`} size="2" weight="medium">
                {text(field)}
              </Text>
              <TextField.Root
                id={`${id}-${field}`}
                mt="1"
                value={form[field]}
                maxLength={max}
                required={required}
                disabled={busy}
                spellCheck={false}
                autoCapitalize="none"
                aria-invalid={refused(field) ? true : undefined}
                aria-describedby={`${id}-${field}-hint`}
                onChange={(event) => publish.send({ type: 'publish.field', field, value: event.target.value })}
              />
              <Text as="p" id={`${id}-${field}-hint`} size="1" color="gray" mt="1">
                {intl.formatMessage(
                  { id: `collections.publish.${field}Hint` },
                  { value: form.vanityHandle.trim() || '…', name: collection.owner_handle },
                )}
              </Text>
            </Box>
          ))}
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Switch
                checked={form.isPublic}
                disabled={busy}
                onCheckedChange={(value) => publish.send({ type: 'publish.public', value })}
              />
              {text('public')}
            </Flex>
          </Text>
          <Text as="p" size="1" color="gray" mt="-2">
            {text(form.isPublic ? 'publicHint' : 'notPublicHint')}
          </Text>

          {incomplete && (
            <ErrorCallout>
              <Callout.Text>{text('incomplete')}</Callout.Text>
            </ErrorCallout>
          )}
          {error && (
            <ErrorCallout>
              <Callout.Text>{collectionFailure(intl, error, labels)}</Callout.Text>
            </ErrorCallout>
          )}
          {done && (
            <SuccessCallout>
              <Callout.Text>{text(done)}</Callout.Text>
            </SuccessCallout>
          )}
          <Flex gap="3" wrap="wrap">
            <Button type="submit" disabled={busy} loading={publishing}>
              {text('submit')}
            </Button>
            <Button
              type="button"
              variant="soft"
              color="red"
              disabled={!canUnpublish}
              loading={unpublishing}
              onClick={() => publish.send({ type: 'publish.unpublish' })}
            >
              {text('unpublish')}
            </Button>
          </Flex>
        </Flex>
      </form>
    </section>
  );
}
