// Home: what Lexhub is, a search box, the library's entry points with counts, and how to fill an
// empty library.
import { useCallback, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { useAtomValue } from '../../../atoms/store';
import { Button, Callout, Flex, Heading, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import {
  countsOf,
  librarySummaryMachine,
  selectEmpty,
  selectLibraryError,
  selectSummary,
} from '../../../machines/reader/library-summary.machine';
import { errorMessage } from '../../../i18n/error-message';
import { PageTitle } from '../../../components/shell/page-title';
import { currentUserAtom } from '../../../atoms/accounts/session.atoms';
import { EmptyLibrary } from './empty-library';
import { LibraryEntries } from './library-entries';
import { LibrarySearch } from './library-search';
import './home.css';

export function HomeScreen() {
  const intl = useIntl();
  const library = useActorRef(librarySummaryMachine);
  const empty = useSelector(library, selectEmpty);
  const error = useSelector(library, selectLibraryError);
  const summary = useSelector(library, selectSummary);
  const user = useAtomValue(currentUserAtom);

  useEffect(() => {
    library.send({ type: 'library.load' });
  }, [library]);
  // The starter set arrived: load the summary again, which replaces the empty library.
  const reload = useCallback(() => library.send({ type: 'library.load' }), [library]);

  return (
    <Flex direction="column" gap="5" className="page home">
      <PageTitle />
      <Heading as="h1" size="9">
        {intl.formatMessage({ id: 'app.name' })}
      </Heading>
      <Text as="p" size="5" color="gray">
        {intl.formatMessage({ id: 'home.subtitle' })}
      </Text>
      <Flex gap="3" wrap="wrap">
        <Button asChild size="3">
          <Link href="/collections">{intl.formatMessage({ id: 'home.browseCollections' })}</Link>
        </Button>
        {/* Logged in, the second call leads to the documents instead of the login form. */}
        <Button asChild size="3" variant="soft">
          {user ? (
            <Link href="/documents">{intl.formatMessage({ id: 'home.browseDocuments' })}</Link>
          ) : (
            <Link href="/auth/login">{intl.formatMessage({ id: 'home.login' })}</Link>
          )}
        </Button>
      </Flex>
      {empty ? (
        <EmptyLibrary onImported={reload} />
      ) : (
        error === undefined && (
          <>
            <LibrarySearch />
            <LibraryEntries counts={summary ? countsOf(summary) : undefined} />
          </>
        )
      )}
      {error !== undefined && (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            {intl.formatMessage({ id: 'home.error' }, { message: errorMessage(intl, error, 'library') })}
          </Callout.Text>
          <Flex>
            <Button size="1" variant="soft" color="red" onClick={() => library.send({ type: 'library.retry' })}>
              {intl.formatMessage({ id: 'home.retry' })}
            </Button>
          </Flex>
        </Callout.Root>
      )}
    </Flex>
  );
}
