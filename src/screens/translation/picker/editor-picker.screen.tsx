// /editor without a fragment: choose a document (search as you type, or one read lately), then
// one of its provisions, which opens /editor/{fragmentId}. The flow is editorPickerMachine.
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Badge, Box, Button, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { currentUserAtom } from '../../../atoms/accounts/session.atoms';
import { useAtomValue } from '../../../atoms/store';
import { PageTitle } from '../../../components/shell/page-title';
import { ErrorCallout } from '../../../components/status/error-callout';
import { LoadingStatus } from '../../../components/status/loading-status';
import { errorMessage } from '../../../i18n/error-message';
import {
  editorPickerMachine,
  selectDocument,
  selectDocumentPhase,
  selectError,
  selectFragmentPhase,
  selectFragments,
  selectHasMore,
  selectQuery,
  selectRecent,
  selectResults,
  type PickerDocument,
  type PickerFragment,
} from '../../../machines/translation/editor-picker.machine';
import './editor-picker.css';

type PickerActor = ActorRefFrom<typeof editorPickerMachine>;

export function EditorPickerScreen() {
  const intl = useIntl();
  const user = useAtomValue(currentUserAtom);
  const title = intl.formatMessage({ id: 'translation.picker.title' });
  return (
    <Box p={{ initial: '3', sm: '5' }} maxWidth="860px" className="editor-picker">
      <PageTitle title={title} />
      <Heading as="h1" size="6" mb="2">
        {title}
      </Heading>
      <Text as="p" color="gray" mb="4">
        {intl.formatMessage({ id: 'translation.picker.intro' })}
      </Text>
      {user === undefined ? (
        <LoadingStatus label={intl.formatMessage({ id: 'shell.screenLoading' })} />
      ) : (
        // Logging in or out starts afresh: only a logged-in user has a reading history.
        <Picker key={user?.id ?? 'anonymous'} personal={user !== null} />
      )}
    </Box>
  );
}

function Picker({ personal }: { personal: boolean }) {
  const picker = useActorRef(editorPickerMachine, { input: { personal } });
  const document = useSelector(picker, selectDocument);
  return (
    <Flex direction="column" gap="5">
      <DocumentStep picker={picker} document={document} />
      {document && <FragmentStep picker={picker} document={document} />}
    </Flex>
  );
}

function DocumentStep({ picker, document }: { picker: PickerActor; document?: PickerDocument }) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Heading as="h2" size="4" mb="3" id={headingId}>
        {intl.formatMessage({ id: 'translation.picker.documentStep' })}
      </Heading>
      {document ? (
        <Card>
          <Flex align="center" justify="between" gap="3" wrap="wrap">
            <DocumentName document={document} />
            <Button variant="soft" onClick={() => picker.send({ type: 'document.clear' })}>
              {intl.formatMessage({ id: 'translation.picker.change' })}
            </Button>
          </Flex>
        </Card>
      ) : (
        <DocumentSearch picker={picker} />
      )}
    </section>
  );
}

function DocumentName({ document }: { document: PickerDocument }) {
  return (
    <Flex align="center" gap="2" wrap="wrap" className="editor-picker-document">
      <Badge color="indigo" variant="soft">
        {document.external_id}
      </Badge>{' '}
      <Text weight="medium">{document.title}</Text>
    </Flex>
  );
}

function DocumentSearch({ picker }: { picker: PickerActor }) {
  const intl = useIntl();
  const query = useSelector(picker, selectQuery);
  const phase = useSelector(picker, selectDocumentPhase);
  const results = useSelector(picker, selectResults);
  const recent = useSelector(picker, selectRecent);
  const error = useSelector(picker, selectError);
  const inputRef = useRef<HTMLInputElement>(null);
  const searchId = useId();
  // Back from a picked document: the search box again, with the keyboard in it.
  useEffect(() => inputRef.current?.focus(), []);

  const showRecent = query.trim() === '' && recent.length > 0;
  return (
    <Flex direction="column" gap="3">
      <label htmlFor={searchId}>
        <Text size="2" weight="medium">
          {intl.formatMessage({ id: 'translation.picker.searchLabel' })}
        </Text>
      </label>
      <TextField.Root
        ref={inputRef}
        id={searchId}
        type="search"
        size="3"
        value={query}
        autoComplete="off"
        placeholder={intl.formatMessage({ id: 'translation.picker.searchPlaceholder' })}
        onChange={(event) => picker.send({ type: 'query.type', value: event.target.value })}
      >
        <TextField.Slot>
          <MagnifyingGlassIcon aria-hidden />
        </TextField.Slot>
      </TextField.Root>
      <div aria-live="polite">
        {(phase === 'debouncing' || phase === 'searching' || phase === 'loadingRecent') && (
          <LoadingStatus label={intl.formatMessage({ id: 'translation.picker.searching' })} />
        )}
        {phase === 'empty' && (
          <Text color="gray" role="status">
            {intl.formatMessage({ id: 'translation.picker.empty' }, { query: query.trim() })}
          </Text>
        )}
        {phase === 'prompt' && !showRecent && (
          <Text color="gray">{intl.formatMessage({ id: 'translation.picker.prompt' })}</Text>
        )}
      </div>
      {phase === 'failed' && error && (
        <ErrorCallout
          retry={{
            label: intl.formatMessage({ id: 'translation.picker.retry' }),
            onClick: () => picker.send({ type: 'retry' }),
          }}
        >
          {intl.formatMessage(
            { id: 'translation.picker.searchFailed' },
            { message: errorMessage(intl, error, 'search') },
          )}
        </ErrorCallout>
      )}
      {phase === 'results' && (
        <DocumentList
          label={intl.formatMessage({ id: 'translation.picker.results' })}
          documents={results}
          picker={picker}
        />
      )}
      {showRecent && phase === 'prompt' && (
        <DocumentList
          label={intl.formatMessage({ id: 'translation.picker.recent' })}
          documents={recent}
          picker={picker}
        />
      )}
    </Flex>
  );
}

function DocumentList({
  label,
  documents,
  picker,
}: {
  label: string;
  documents: PickerDocument[];
  picker: PickerActor;
}) {
  const headingId = useId();
  return (
    <Box>
      <Heading as="h3" size="2" mb="2" color="gray" id={headingId}>
        {label}
      </Heading>
      <ul className="editor-picker-list" aria-labelledby={headingId}>
        {documents.map((document) => (
          <li key={document.document_id}>
            <button
              type="button"
              className="editor-picker-item"
              onClick={() => picker.send({ type: 'document.pick', document })}
            >
              <DocumentName document={document} />
            </button>
          </li>
        ))}
      </ul>
    </Box>
  );
}

/** Whether a fragment matches the filter: its cite key or its first words, ignoring case and accents. */
const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const matches = (fragment: PickerFragment, filter: string) =>
  filter === '' || fold(`${fragment.cite_key ?? ''} ${fragment.excerpt}`).includes(filter);

function FragmentStep({ picker, document }: { picker: PickerActor; document: PickerDocument }) {
  const intl = useIntl();
  const phase = useSelector(picker, selectFragmentPhase);
  const fragments = useSelector(picker, selectFragments);
  const hasMore = useSelector(picker, selectHasMore);
  const error = useSelector(picker, selectError);
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const shown = useMemo(
    () => fragments.filter((fragment) => matches(fragment, fold(deferredFilter.trim()))),
    [fragments, deferredFilter],
  );
  const headingId = useId();
  const filterId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A picked document moves the keyboard on to its provisions.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section aria-labelledby={headingId}>
      <Heading as="h2" size="4" mb="3" id={headingId} ref={headingRef} tabIndex={-1}>
        {intl.formatMessage({ id: 'translation.picker.fragmentStep' })}
      </Heading>
      {fragments.length > 0 && (
        <Flex direction="column" gap="2" mb="3">
          <label htmlFor={filterId}>
            <Text size="2" weight="medium">
              {intl.formatMessage({ id: 'translation.picker.filterLabel' })}
            </Text>
          </label>
          <TextField.Root
            id={filterId}
            type="search"
            value={filter}
            autoComplete="off"
            onChange={(event) => setFilter(event.target.value)}
          />
          <Text size="1" color="gray" aria-live="polite">
            {intl.formatMessage({ id: 'translation.picker.fragmentCount' }, { count: fragments.length })}
          </Text>
        </Flex>
      )}
      {phase === 'ready' && fragments.length === 0 && (
        <Text color="gray" role="status">
          {intl.formatMessage({ id: 'translation.picker.noFragments' })}
        </Text>
      )}
      {fragments.length > 0 && shown.length === 0 && (
        <Text color="gray" role="status">
          {intl.formatMessage({ id: 'translation.picker.filterEmpty' })}
        </Text>
      )}
      {shown.length > 0 && (
        <ul
          className="editor-picker-list"
          aria-label={intl.formatMessage({ id: 'translation.picker.fragmentsList' }, { name: document.external_id })}
        >
          {shown.map((fragment) => (
            <li key={fragment.id}>
              <FragmentLink fragment={fragment} />
            </li>
          ))}
        </ul>
      )}
      {phase === 'loading' && (
        <LoadingStatus label={intl.formatMessage({ id: 'translation.picker.loadingFragments' })} />
      )}
      {phase === 'failed' && error && (
        <ErrorCallout
          retry={{
            label: intl.formatMessage({ id: 'translation.picker.retry' }),
            onClick: () => picker.send({ type: 'retry' }),
          }}
        >
          {intl.formatMessage(
            { id: 'translation.picker.fragmentsFailed' },
            { message: errorMessage(intl, error, 'fragments') },
          )}
        </ErrorCallout>
      )}
      {phase === 'ready' && hasMore && (
        <Box mt="3">
          <Button variant="soft" onClick={() => picker.send({ type: 'fragments.more' })}>
            {intl.formatMessage({ id: 'translation.picker.loadMore' })}
          </Button>
        </Box>
      )}
    </section>
  );
}

function FragmentLink({ fragment }: { fragment: PickerFragment }) {
  const intl = useIntl();
  return (
    <RouterLink href={`/editor/${fragment.id}`} className="editor-picker-item">
      <span className="editor-picker-cite">
        {fragment.cite_key ?? intl.formatMessage({ id: 'translation.picker.noCite' })}
      </span>{' '}
      <span className="editor-picker-excerpt">
        {fragment.has_text ? fragment.excerpt : intl.formatMessage({ id: 'translation.picker.noText' })}
      </span>
    </RouterLink>
  );
}
