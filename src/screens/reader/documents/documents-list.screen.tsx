// The documents list (/documents): search by law number or title words, run by Enter or Refresh;
// the search lives in the address (?external_id=&q=).
import { type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useLocation, useSearch } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { Badge, Box, Button, Callout, Card, Flex, Grid, Heading, Skeleton, Text, TextField } from '@radix-ui/themes';
import { MagnifyingGlassIcon, ReloadIcon } from '@radix-ui/react-icons';
import type { Document } from '../../../api/contract';
import {
  documentsListMachine,
  selectDocuments,
  selectError,
  selectExternalId,
  selectQ,
  selectStatus,
} from '../../../machines/reader/documents-list.machine';
import { errorMessage } from '../../../i18n/error-message';
import { documentPath } from '../../../shared/document-path';
import './documents-list.css';
import { PageTitle } from '../../../components/shell/page-title';
import { ErrorCallout } from '../../../components/status/error-callout';
import { formatDay } from '../../../lib/format-day';

export function DocumentsListScreen() {
  const intl = useIntl();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const actor = useActorRef(documentsListMachine, {
    input: { externalId: params.get('external_id') ?? '', q: params.get('q') ?? '' },
  });
  const status = useSelector(actor, selectStatus);
  const documents = useSelector(actor, selectDocuments);
  const error = useSelector(actor, selectError);
  const externalId = useSelector(actor, selectExternalId);
  const q = useSelector(actor, selectQ);

  const run = (type: 'search.submit' | 'search.refresh') => {
    const next = new URLSearchParams(search);
    for (const [key, value] of [
      ['external_id', externalId.trim()],
      ['q', q.trim()],
    ] as const) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    const query = next.toString();
    navigate(`${location}${query ? `?${query}` : ''}`, { replace: true });
    actor.send({ type });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run('search.submit');
  };

  return (
    <Box p={{ initial: '3', sm: '5' }} maxWidth="1100px" mx="auto" className="documents-list">
      <PageTitle title={intl.formatMessage({ id: 'reader.list.heading' })} />
      <Heading as="h1" size="7" mb="4">
        {intl.formatMessage({ id: 'reader.list.heading' })}
      </Heading>
      <form onSubmit={submit} role="search">
        <Flex gap="3" wrap="wrap" align="end" mb="4">
          <SearchField
            id="documents-external-id"
            label={intl.formatMessage({ id: 'reader.list.searchLabel' })}
            placeholder={intl.formatMessage({ id: 'reader.list.searchPlaceholder' })}
            value={externalId}
            onChange={(value) => actor.send({ type: 'search.change', externalId: value })}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon aria-hidden />
            </TextField.Slot>
          </SearchField>
          <SearchField
            id="documents-title"
            label={intl.formatMessage({ id: 'reader.list.titleLabel' })}
            placeholder={intl.formatMessage({ id: 'reader.list.titlePlaceholder' })}
            value={q}
            onChange={(value) => actor.send({ type: 'search.change', q: value })}
          />
          <Flex gap="2">
            <Button type="submit">
              <MagnifyingGlassIcon aria-hidden />
              {intl.formatMessage({ id: 'reader.list.search' })}
            </Button>
            <Button type="button" variant="soft" onClick={() => run('search.refresh')}>
              <ReloadIcon aria-hidden />
              {intl.formatMessage({ id: 'reader.list.refresh' })}
            </Button>
          </Flex>
        </Flex>
      </form>

      {status === 'loading' && (
        <Grid
          columns={{ initial: '1', md: '2' }}
          gap="3"
          role="status"
          aria-busy
          aria-label={intl.formatMessage({ id: 'reader.list.loading' })}
        >
          {[0, 1, 2, 3].map((index) => (
            <Card key={index}>
              <Skeleton height="22px" mb="2" />
              <Skeleton height="16px" width="40%" mb="2" />
              <Skeleton height="14px" width="60%" />
            </Card>
          ))}
        </Grid>
      )}
      {status === 'failed' && (
        <ErrorCallout>
          <Callout.Text>
            {intl.formatMessage({ id: 'reader.list.loadFailed' }, { message: errorMessage(intl, error, 'library') })}
          </Callout.Text>
        </ErrorCallout>
      )}
      {status === 'loaded' && documents.length === 0 && (
        <Text as="p" color="gray" role="status">
          {intl.formatMessage({ id: 'reader.list.empty' })}
        </Text>
      )}
      {status === 'loaded' && documents.length > 0 && (
        <>
          <Text as="p" size="2" color="gray" mb="2" role="status">
            {intl.formatMessage({ id: 'reader.list.count' }, { count: documents.length })}
          </Text>
          <Grid asChild columns={{ initial: '1', md: '2' }} gap="3">
            <ul className="reader-plain-list">
              {documents.map((item) => (
                <li key={item.id}>
                  <DocumentCard document={item} />
                </li>
              ))}
            </ul>
          </Grid>
        </>
      )}
    </Box>
  );
}

/** One labelled search box of the form; `children` go inside the box (an icon). */
function SearchField({
  id,
  label,
  placeholder,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  children?: ReactNode;
}) {
  return (
    <Flex direction="column" gap="1" flexGrow="1" minWidth="200px">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      <TextField.Root
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        type="search"
      >
        {children}
      </TextField.Root>
    </Flex>
  );
}

function DocumentCard({ document: item }: { document: Document }) {
  const intl = useIntl();
  const day = (value: string) => formatDay(intl, value);
  return (
    <Card asChild size="2" className="documents-card">
      <RouterLink href={`~${documentPath(item.id, item.title)}`}>
        <Flex direction="column" gap="2">
          <Heading as="h2" size="3" className="documents-card-title">
            {item.title}
          </Heading>
          <Flex gap="2" wrap="wrap" align="center">
            <Badge color="indigo" variant="soft" size="2">
              {item.external_id}
            </Badge>
            {item.metadata.kind && (
              <Badge color="gray" variant="soft">
                {item.metadata.kind}
              </Badge>
            )}
          </Flex>
          <Flex gap="3" wrap="wrap">
            {item.published_date && (
              <Text size="1" color="gray">
                {intl.formatMessage({ id: 'reader.list.published' }, { date: day(item.published_date) })}
              </Text>
            )}
            {item.effective_date && (
              <Text size="1" color="gray">
                {intl.formatMessage({ id: 'reader.list.effective' }, { date: day(item.effective_date) })}
              </Text>
            )}
          </Flex>
        </Flex>
      </RouterLink>
    </Card>
  );
}
