// The documents of a collection in order, each with its note and pin ('Latest' or 'As in force
// on {date}'); for its owner and maintainers also move up and down, edit note and pin, remove, and
// the form that adds a document by id or law number.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Badge, Box, Button, Callout, Card, Flex, Heading, IconButton, Link, Text, TextField } from '@radix-ui/themes';
import { ArrowDownIcon, ArrowUpIcon, Pencil1Icon, PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import type { CollectionItem } from '../../../api/contract/collections';
import { ErrorCallout } from '../../../components/status/error-callout';
import {
  selectAdding,
  selectBusy,
  selectCanAddItem,
  selectEdit,
  selectHasMoreItems,
  selectItemForm,
  selectItems,
  selectLoadingMoreItems,
  selectNoDocument,
  selectPending,
  selectRole,
  selectSectionError,
  type collectionManageMachine,
} from '../../../machines/collections/collection-manage.machine';
import { documentPath } from '../../../shared/document-path';
import { collectionFailure, pinText } from './collection-texts';

type ManageActor = ActorRefFrom<typeof collectionManageMachine>;
const selectItemsError = selectSectionError('items');

export function CollectionItems({ manage, collectionId }: { manage: ManageActor; collectionId: string }) {
  const intl = useIntl();
  const id = useId();
  const items = useSelector(manage, selectItems);
  const role = useSelector(manage, selectRole);
  const hasMore = useSelector(manage, selectHasMoreItems);
  const loadingMore = useSelector(manage, selectLoadingMoreItems);
  const error = useSelector(manage, selectItemsError);
  const canEdit = role === 'owner' || role === 'maintainer';
  const text = (key: string) => intl.formatMessage({ id: `collections.manage.items.${key}` });

  return (
    <section aria-labelledby={`${id}-heading`}>
      <Heading as="h2" size="5" mb="3" id={`${id}-heading`}>
        {text('title')}
      </Heading>
      {error && (
        <ErrorCallout mb="3">
          <Callout.Text>
            {collectionFailure(intl, error, {
              note: text('note'),
              as_of: text('asOf'),
              document_id: text('reference'),
            })}
          </Callout.Text>
        </ErrorCallout>
      )}
      {items.length === 0 ? (
        <Text as="p" color="gray" size="2">
          {text('empty')}
        </Text>
      ) : (
        <ol className="account-plain-list collection-items" data-testid="collection-items">
          {items.map((item, index) => (
            <li key={item.document_id}>
              <ItemRow
                manage={manage}
                item={item}
                collectionId={collectionId}
                canEdit={canEdit}
                first={index === 0}
                last={index === items.length - 1 && !hasMore}
              />
            </li>
          ))}
        </ol>
      )}
      {hasMore && (
        <Flex justify="center" mt="3">
          <Button variant="soft" loading={loadingMore} onClick={() => manage.send({ type: 'items.more' })}>
            {text('more')}
          </Button>
        </Flex>
      )}
      {canEdit && <AddItemForm manage={manage} />}
    </section>
  );
}

function ItemRow({
  manage,
  item,
  collectionId,
  canEdit,
  first,
  last,
}: {
  manage: ManageActor;
  item: CollectionItem;
  collectionId: string;
  canEdit: boolean;
  first: boolean;
  last: boolean;
}) {
  const intl = useIntl();
  const busy = useSelector(manage, selectBusy);
  const pending = useSelector(manage, selectPending);
  const edit = useSelector(manage, selectEdit);
  const title = item.metadata.title || item.external_id;
  const values = { name: title };
  const editing = edit?.documentId === item.document_id;
  const rowBusy = busy && pending?.documentId === item.document_id;

  return (
    <Card size="1" data-testid={`item-${item.document_id}`} aria-busy={rowBusy || undefined}>
      <Flex gap="3" align="start" justify="between" wrap="wrap">
        <Flex gap="3" align="start" minWidth="0" flexGrow="1" flexBasis="240px">
          <Text size="2" color="gray" className="collection-position" aria-hidden>
            {item.position}.
          </Text>
          <Flex direction="column" gap="1" minWidth="0">
            <Link asChild weight="medium" className="collection-wrap">
              <RouterLink href={documentPath(item.document_id, title, `/collections/${collectionId}`)}>
                {title}
              </RouterLink>
            </Link>
            <Flex gap="2" align="center" wrap="wrap">
              <Text size="1" color="gray">
                {item.external_id}
              </Text>
              <Badge variant="soft" highContrast color={item.as_of ? 'amber' : 'gray'}>
                {pinText(intl, item)}
              </Badge>
            </Flex>
            {item.note && (
              <Text as="p" size="2" className="collection-wrap collection-note">
                {item.note}
              </Text>
            )}
          </Flex>
        </Flex>
        {canEdit && (
          <Flex gap="1" align="center" wrap="wrap">
            <IconButton
              size="1"
              variant="soft"
              disabled={busy || first}
              aria-label={intl.formatMessage({ id: 'collections.manage.items.moveUp' }, values)}
              onClick={() => manage.send({ type: 'item.move', documentId: item.document_id, direction: 'up' })}
            >
              <ArrowUpIcon />
            </IconButton>
            <IconButton
              size="1"
              variant="soft"
              disabled={busy || last}
              aria-label={intl.formatMessage({ id: 'collections.manage.items.moveDown' }, values)}
              onClick={() => manage.send({ type: 'item.move', documentId: item.document_id, direction: 'down' })}
            >
              <ArrowDownIcon />
            </IconButton>
            <IconButton
              size="1"
              variant={editing ? 'solid' : 'soft'}
              disabled={busy}
              aria-expanded={editing}
              aria-label={intl.formatMessage({ id: 'collections.manage.items.edit' }, values)}
              onClick={() =>
                manage.send(editing ? { type: 'edit.cancel' } : { type: 'item.edit', documentId: item.document_id })
              }
            >
              <Pencil1Icon />
            </IconButton>
            <IconButton
              size="1"
              variant="soft"
              color="red"
              disabled={busy}
              loading={rowBusy && !editing}
              aria-label={intl.formatMessage({ id: 'collections.manage.items.remove' }, values)}
              onClick={() => manage.send({ type: 'item.remove', documentId: item.document_id })}
            >
              <TrashIcon />
            </IconButton>
          </Flex>
        )}
      </Flex>
      {editing && edit && <EditItemForm manage={manage} title={title} note={edit.note} asOf={edit.asOf} />}
    </Card>
  );
}

function EditItemForm({
  manage,
  title,
  note,
  asOf,
}: {
  manage: ManageActor;
  title: string;
  note: string;
  asOf: string;
}) {
  const intl = useIntl();
  const id = useId();
  const busy = useSelector(manage, selectBusy);
  const text = (key: string) => intl.formatMessage({ id: `collections.manage.items.${key}` });
  return (
    <form
      noValidate
      className="collection-edit"
      aria-label={intl.formatMessage({ id: 'collections.manage.items.editOf' }, { name: title })}
      onSubmit={(event) => {
        event.preventDefault();
        manage.send({ type: 'edit.save' });
      }}
    >
      <Flex gap="2" align="end" wrap="wrap" mt="3">
        <Box flexGrow="1" minWidth="200px">
          <Text as="label" htmlFor={`${id}-note`} size="2" weight="medium">
            {text('note')}
          </Text>
          <TextField.Root
            id={`${id}-note`}
            mt="1"
            value={note}
            maxLength={2000}
            autoFocus
            onChange={(event) => manage.send({ type: 'edit.field', field: 'note', value: event.target.value })}
          />
        </Box>
        <DateField
          id={`${id}-as-of`}
          label={text('asOf')}
          hint={text('asOfHint')}
          value={asOf}
          onChange={(value) => manage.send({ type: 'edit.field', field: 'asOf', value })}
        />
        <Flex gap="2">
          <Button type="submit" size="2" loading={busy}>
            {text('save')}
          </Button>
          <Button
            type="button"
            size="2"
            variant="soft"
            color="gray"
            onClick={() => manage.send({ type: 'edit.cancel' })}
          >
            {text('cancel')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

/** A date field (YYYY-MM-DD) with the browser's date picker, empty for 'Latest'. */
function DateField({
  id,
  label,
  hint,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Box>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root
        id={id}
        mt="1"
        type="date"
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <Text as="p" id={`${id}-hint`} size="1" color="gray" mt="1">
        {hint}
      </Text>
    </Box>
  );
}

function AddItemForm({ manage }: { manage: ManageActor }) {
  const intl = useIntl();
  const id = useId();
  const form = useSelector(manage, selectItemForm);
  const canAdd = useSelector(manage, selectCanAddItem);
  const adding = useSelector(manage, selectAdding);
  const noDocument = useSelector(manage, selectNoDocument);
  const text = (key: string) => intl.formatMessage({ id: `collections.manage.items.${key}` });

  return (
    <form
      noValidate
      className="collection-add"
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        manage.send({ type: 'add.submit' });
      }}
    >
      <Heading as="h3" size="3" mt="4" mb="2" id={`${id}-heading`}>
        {text('addTitle')}
      </Heading>
      <Flex direction="column" gap="3">
        <Flex gap="2" align="start" wrap="wrap">
          <Box flexGrow="1" minWidth="220px">
            <Text as="label" htmlFor={`${id}-reference`} size="2" weight="medium">
              {text('reference')}
            </Text>
            <TextField.Root
              id={`${id}-reference`}
              mt="1"
              value={form.reference}
              maxLength={200}
              spellCheck={false}
              placeholder={text('referencePlaceholder')}
              aria-invalid={noDocument ? true : undefined}
              aria-describedby={noDocument ? `${id}-none` : undefined}
              onChange={(event) => manage.send({ type: 'add.field', field: 'reference', value: event.target.value })}
            />
          </Box>
          <Box flexGrow="1" minWidth="200px">
            <Text as="label" htmlFor={`${id}-note`} size="2" weight="medium">
              {text('noteOptional')}
            </Text>
            <TextField.Root
              id={`${id}-note`}
              mt="1"
              value={form.note}
              maxLength={2000}
              onChange={(event) => manage.send({ type: 'add.field', field: 'note', value: event.target.value })}
            />
          </Box>
          <DateField
            id={`${id}-as-of`}
            label={text('asOf')}
            hint={text('asOfHint')}
            value={form.asOf}
            onChange={(value) => manage.send({ type: 'add.field', field: 'asOf', value })}
          />
        </Flex>
        {noDocument && (
          <ErrorCallout id={`${id}-none`}>
            <Callout.Text>
              {intl.formatMessage({ id: 'collections.manage.items.noDocument' }, { value: noDocument })}
            </Callout.Text>
          </ErrorCallout>
        )}
        <Flex>
          <Button type="submit" disabled={!canAdd} loading={adding}>
            <PlusIcon aria-hidden />
            {text('add')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
