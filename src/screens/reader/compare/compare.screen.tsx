// The comparison screen ({document path}/compare?from=&to=): breadcrumb, the document's title,
// then the comparison panel; or why there is nothing to compare. The comparison machine owns the
// address's base/head/lang: the screen sends the address in and provides `navigate`. Inside a
// collection it waits for the collection (breadcrumbs; 'Collection not found' when it does not
// hold the document).
import { useEffect } from 'react';
import { Box, Callout, Flex, Heading, Link as RadixLink, Skeleton, Text } from '@radix-ui/themes';
import { ArrowLeftIcon, ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { PublicCollectionDocument } from '../../../api/contract/collections';
import { documentIdFromSegment, detailPath } from '../../../shared/document-path';
import {
  comparisonMachine,
  selectDocument,
  selectError,
  selectMissing,
  selectPhase,
  type ComparisonInput,
} from '../../../machines/reader/comparison.machine';
import type { DocumentScreenProps } from '../../screen-props';
import { ComparisonPanel } from './comparison-panel';
import { PageTitle } from '../../../components/shell/page-title';
import { errorMessage } from '../../../i18n/error-message';
import { Breadcrumbs } from '../../../components/breadcrumbs/breadcrumbs';
import { InCollection } from '../document-detail/collection-context';
import { placeCrumbs } from '../document-detail/document-place';

export function CompareScreen(props: DocumentScreenProps) {
  const { idSlug, basePath } = props;
  const search = useSearch();
  const params = new URLSearchParams(search);
  const input: ComparisonInput = {
    search,
    documentId: documentIdFromSegment(idSlug),
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    base: params.get('base') || undefined,
    head: params.get('head') || undefined,
    lang: params.get('lang') || undefined,
  };
  // Another document or another from/to is another comparison: start the flow afresh.
  const comparison = (view?: PublicCollectionDocument) => (
    <Comparison key={`${basePath}|${idSlug}|${input.from}|${input.to}`} input={input} place={props} view={view} />
  );
  if (props.context === 'collection' && props.collection && input.documentId)
    return (
      <InCollection key={`${basePath}|${input.documentId}`} address={props.collection} documentId={input.documentId}>
        {comparison}
      </InCollection>
    );
  return comparison();
}

function Comparison({
  input,
  place,
  view,
}: {
  input: ComparisonInput;
  place: DocumentScreenProps;
  /** The collection holding the document, in the collection context. */
  view?: PublicCollectionDocument;
}) {
  const { idSlug, basePath } = place;
  const intl = useIntl();
  const [, navigate] = useLocation();
  const documentHref = detailPath(basePath, idSlug);
  const actor = useActorRef(
    comparisonMachine.provide({
      actions: { navigate: (_, { search }) => navigate(`~${documentHref}/compare?${search}`, { replace: true }) },
    }),
    { input },
  );
  // The address's base/head/lang are the machine's: back, forward and links come in as events.
  useEffect(() => actor.send({ type: 'address.change', search: input.search }), [actor, input.search]);
  const phase = useSelector(actor, selectPhase);
  const document = useSelector(actor, selectDocument);
  const pageTitle = document
    ? intl.formatMessage({ id: 'compare.titleOf' }, { name: document.title })
    : intl.formatMessage({ id: 'compare.title' });

  return (
    <Flex direction="column" gap="4" p={{ initial: '3', sm: '5' }} maxWidth="1200px" mx="auto" width="100%">
      <PageTitle title={pageTitle} />
      <Breadcrumbs
        label={intl.formatMessage({ id: 'compare.breadcrumb.label' })}
        crumbs={[
          ...placeCrumbs(intl, place, view),
          ...(document ? [{ label: document.title, href: documentHref }] : []),
        ]}
        current={intl.formatMessage({ id: 'compare.breadcrumb.comparison' })}
      />
      <Box>
        <Heading as="h1" size={{ initial: '6', sm: '7' }}>
          {intl.formatMessage({ id: 'compare.title' })}
        </Heading>
        {document ? (
          <Text as="p" size="3" color="gray" mt="1">
            {`${document.external_id} – ${document.title}`}
          </Text>
        ) : (
          phase === 'loading' && <Skeleton width="320px" height="20px" mt="2" />
        )}
        <RadixLink asChild size="2" mt="2">
          <Link href={documentHref}>
            <Flex as="span" align="center" gap="1" mt="2">
              <ArrowLeftIcon aria-hidden />
              {intl.formatMessage({ id: 'compare.backToDocument' })}
            </Flex>
          </Link>
        </RadixLink>
      </Box>
      <ScreenBody actor={actor} />
    </Flex>
  );
}

function ScreenBody({ actor }: { actor: ActorRefFrom<typeof comparisonMachine> }) {
  const intl = useIntl();
  const phase = useSelector(actor, selectPhase);
  const missing = useSelector(actor, selectMissing);
  const error = useSelector(actor, selectError);

  if (phase === 'loading') {
    return (
      <Text size="2" color="gray" role="status">
        {intl.formatMessage({ id: 'compare.loading' })}
      </Text>
    );
  }
  if (phase === 'ready') return <ComparisonPanel actor={actor} />;
  const message =
    phase === 'invalidParams'
      ? intl.formatMessage({ id: 'compare.invalidParams' })
      : phase === 'notFound'
        ? intl.formatMessage({ id: missing === 'branches' ? 'compare.branchesNotFound' : 'compare.documentNotFound' })
        : intl.formatMessage({ id: 'compare.loadFailed' }, { message: errorMessage(intl, error, 'comparison') });
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex direction="column" gap="1">
        <Text weight="bold">{intl.formatMessage({ id: 'compare.error' })}</Text>
        <Callout.Text>{message}</Callout.Text>
        {phase === 'invalidParams' && (
          <Callout.Text size="1">{intl.formatMessage({ id: 'compare.invalidParamsHelp' })}</Callout.Text>
        )}
      </Flex>
    </Callout.Root>
  );
}
