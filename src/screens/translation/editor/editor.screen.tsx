// The translation editor (/editor/{fragmentId}?start&end): which provision of which law and
// version it is (place-heading.tsx), the fragment's text with the range
// highlighted and its references linked, a link back to the reader at its node, a stale
// translation's diff; beside it the translation tool (logged in), the aligned fragments and the
// references. The flows are editor-fragment.machine.ts and translation.machine.ts.
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useLocation, useSearch } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { Badge, Button, Callout, Flex, Heading, Link, Text } from '@radix-ui/themes';
import { ArrowLeftIcon, LockClosedIcon } from '@radix-ui/react-icons';
import { currentUserAtom } from '../../../atoms/accounts/session.atoms';
import { useAtomValue } from '../../../atoms/store';
import {
  editorFragmentMachine,
  selectAlignment,
  selectAlignmentError,
  selectAlignmentLoading,
  selectContent,
  selectFailure,
  selectPlace,
  selectReviewBusy,
  selectReviewError,
  selectStatus,
  translationOf,
  type FragmentContent,
  type FragmentPlace,
} from '../../../machines/translation/editor-fragment.machine';
import { PageTitle } from '../../../components/shell/page-title';
import { ErrorCallout } from '../../../components/status/error-callout';
import { LoadingStatus } from '../../../components/status/loading-status';
import type { ActorRefFrom } from 'xstate';
import { EditorText } from './editor-text';
import { editorPageTitle, readerHref } from './fragment-place';
import { PlaceHeading } from './place-heading';
import { AlignmentList, SpanList } from './side-lists';
import { StalePanel } from './stale-panel';
import { highlightRange, type Range } from './text-pieces';
import { languageName, TranslationFlags } from './translation-flags';
import { TranslationHeading, TranslationTool } from './translation-tool';
import './editor.css';

export function TranslationEditorScreen({ fragmentId }: { fragmentId: string }) {
  // Another fragment is another page: fresh machines.
  return <EditorPage key={fragmentId} fragmentId={fragmentId} />;
}

type FragmentActor = ActorRefFrom<typeof editorFragmentMachine>;

function EditorPage({ fragmentId }: { fragmentId: string }) {
  const intl = useIntl();
  const fragment = useActorRef(editorFragmentMachine, { input: { fragmentId } });
  const status = useSelector(fragment, selectStatus);
  const failure = useSelector(fragment, selectFailure);
  const content = useSelector(fragment, selectContent);
  const place = useSelector(fragment, selectPlace);
  return (
    <Flex direction="column" gap="4" p={{ initial: '3', sm: '5' }} className="translation-editor">
      <PageTitle title={editorPageTitle(intl, place)} />
      <PlaceHeading place={place} />
      {status === 'invalid' && (
        <ErrorCallout data-testid="editor-invalid-id">
          <Callout.Text>{intl.formatMessage({ id: 'translation.editor.invalidId' })}</Callout.Text>
        </ErrorCallout>
      )}
      {status === 'loading' && <LoadingStatus label={intl.formatMessage({ id: 'translation.editor.loading' })} />}
      {status === 'failed' && failure && (
        <ErrorCallout
          data-testid="editor-load-error"
          retry={{
            label: intl.formatMessage({ id: 'translation.editor.retry' }),
            onClick: () => fragment.send({ type: 'content.retry' }),
          }}
        >
          <Callout.Text>
            {intl.formatMessage(
              { id: failure.part === 'text' ? 'translation.editor.textFailed' : 'translation.editor.spansFailed' },
              { status: failure.error.status },
            )}
          </Callout.Text>
        </ErrorCallout>
      )}
      {status === 'loaded' && content && (
        <EditorView fragment={fragment} fragmentId={fragmentId} content={content} place={place} />
      )}
    </Flex>
  );
}

function EditorView({
  fragment,
  fragmentId,
  content,
  place,
}: {
  fragment: FragmentActor;
  fragmentId: string;
  content: FragmentContent;
  place: FragmentPlace | undefined;
}) {
  const intl = useIntl();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const user = useAtomValue(currentUserAtom);
  const alignment = useSelector(fragment, selectAlignment);
  const alignmentError = useSelector(fragment, selectAlignmentError);
  const alignmentLoading = useSelector(fragment, selectAlignmentLoading);
  const reviewBusy = useSelector(fragment, selectReviewBusy);
  const reviewError = useSelector(fragment, selectReviewError);
  const { text, spans } = content;
  const query = new URLSearchParams(search);
  const range = highlightRange(query.get('start'), query.get('end'), text.text.length);
  const translation = translationOf(content, alignment, fragmentId);
  const refreshAlignment = useCallback(() => fragment.send({ type: 'alignment.reload' }), [fragment]);
  const chooseRange = (next: Range) => navigate(`/editor/${fragmentId}?start=${next.start}&end=${next.end}`);
  const here = search ? `${location}?${search}` : location;

  return (
    <div className="translation-editor-layout">
      <section aria-labelledby="editor-source-heading" className="translation-editor-main">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="5" id="editor-source-heading">
            {intl.formatMessage({ id: 'translation.editor.source.heading' })}
          </Heading>
          <Flex gap="2" align="center" wrap="wrap">
            <Badge variant="soft" highContrast data-testid="editor-language">
              {intl.formatMessage(
                { id: 'translation.editor.source.language' },
                { name: `${languageName(intl, text.language_code)} (${text.language_code})` },
              )}
            </Badge>
            {translation && <TranslationFlags translation={translation} testId="editor-flags" />}
          </Flex>
          <EditorText
            text={text.text}
            language={text.language_code}
            documentId={text.document_id}
            place={place}
            spans={spans}
            range={range}
          />
          <Text size="2">
            <Link asChild>
              <RouterLink href={readerHref(text.document_id, place, text.node_id)} data-testid="editor-reader-link">
                <Flex as="span" display="inline-flex" align="center" gap="1">
                  <ArrowLeftIcon aria-hidden />
                  {intl.formatMessage({ id: 'translation.editor.source.readerLink' })}
                </Flex>
              </RouterLink>
            </Link>
          </Text>
          {translation?.stale && (
            <StalePanel
              oldSource={text.stale_source_text}
              currentSource={alignment?.sourceText}
              canReview={Boolean(user) && translation.origin === 'translated'}
              busy={reviewBusy}
              error={reviewError}
              onMarkReviewed={() => fragment.send({ type: 'review.mark' })}
              onClear={() => fragment.send({ type: 'stale.clear' })}
            />
          )}
        </Flex>
      </section>
      <aside className="translation-editor-side" aria-label={intl.formatMessage({ id: 'translation.editor.title' })}>
        <Flex direction="column" gap="5">
          <section aria-labelledby="translation-tool-heading" data-testid="translation-tool">
            <Flex direction="column" gap="3">
              <TranslationHeading />
              {user ? (
                <TranslationTool
                  fragmentId={fragmentId}
                  sourceLanguage={text.language_code}
                  nodeId={text.node_id}
                  groupId={alignment?.members.group_id}
                  onAlignmentChanged={refreshAlignment}
                />
              ) : user === null ? (
                <LoginPrompt returnTo={here} />
              ) : (
                <LoadingStatus label={intl.formatMessage({ id: 'settings.sessionLoading' })} />
              )}
            </Flex>
          </section>
          <AlignmentList
            fragmentId={fragmentId}
            members={alignment?.members}
            loading={alignmentLoading}
            error={alignmentError}
          />
          <SpanList text={text.text} spans={spans} range={range} onChoose={chooseRange} />
        </Flex>
      </aside>
    </div>
  );
}

/** Anonymous readers read; translating needs a login, which brings them back here. */
function LoginPrompt({ returnTo }: { returnTo: string }) {
  const intl = useIntl();
  return (
    <Flex direction="column" gap="2" align="start" data-testid="translation-login">
      <Callout.Root color="gray" variant="surface">
        <Callout.Icon>
          <LockClosedIcon />
        </Callout.Icon>
        <Callout.Text>{intl.formatMessage({ id: 'translation.editor.tool.loginRequired' })}</Callout.Text>
      </Callout.Root>
      <Button asChild>
        <RouterLink href={`/auth/login?next=${encodeURIComponent(returnTo)}`}>
          {intl.formatMessage({ id: 'translation.editor.tool.login' })}
        </RouterLink>
      </Button>
    </Flex>
  );
}
