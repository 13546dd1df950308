// The translation tool of the editor (logged in): target language (a custom ISO code wins),
// Translate, the editable preview with its QA, Save, the suggestions, and a Copilot proposal for
// this fragment as an incoming card. The flow is translation.machine.ts.
import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { Box, Button, Callout, Flex, Heading, Text, TextArea, TextField } from '@radix-ui/themes';
import { errorMessage } from '../../../i18n/error-message';
import {
  selectBusy,
  selectCanSave,
  selectCustomCode,
  selectError,
  selectNotice,
  selectPhase,
  selectPreview,
  selectResult,
  selectTarget,
  translationMachine,
  type TranslationNotice,
} from '../../../machines/translation/translation.machine';
import { legalLanguagesMachine } from '../../../machines/translation/legal-languages.machine';
import { selectPageError, selectResource } from '../../../machines/resource-page.machine';
import type { LegalLanguage } from '../../../api/contract/translation';
import type { ApiError } from '../../../api/client';
import { ErrorCallout } from '../../../components/status/error-callout';
import { CopilotPreviewCard } from './copilot-preview-card';
import { QaList, SuggestionList } from './suggestion-list';
import { languageName } from './translation-flags';

interface TranslationToolProps {
  fragmentId: string;
  sourceLanguage: string;
  nodeId: string;
  groupId?: string;
  onAlignmentChanged: () => void;
}

export function TranslationTool({
  fragmentId,
  sourceLanguage,
  nodeId,
  groupId,
  onAlignmentChanged,
}: TranslationToolProps) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const tool = useActorRef(
    translationMachine.provide({
      actions: { refreshAlignment: onAlignmentChanged, navigate: (_, { to }) => navigate(to) },
    }),
    { input: { fragmentId, sourceLanguage, nodeId, groupId } },
  );
  useEffect(() => {
    if (groupId) tool.send({ type: 'group.known', groupId });
  }, [tool, groupId]);

  const phase = useSelector(tool, selectPhase);
  const target = useSelector(tool, selectTarget);
  const customCode = useSelector(tool, selectCustomCode);
  const preview = useSelector(tool, selectPreview);
  const result = useSelector(tool, selectResult);
  const notice = useSelector(tool, selectNotice);
  const error = useSelector(tool, selectError);
  const busy = useSelector(tool, selectBusy);
  const canSave = useSelector(tool, selectCanSave);
  const hasPreview = phase === 'previewReady' || phase === 'saving' || phase === 'saved';

  return (
    <Flex direction="column" gap="3">
      <CopilotPreviewCard
        fragmentId={fragmentId}
        onAccept={(proposal) => tool.send({ type: 'copilot.accept', text: proposal.text, language: proposal.language })}
      />
      <form
        className="translation-editor-form"
        aria-labelledby="translation-tool-heading"
        onSubmit={(event) => {
          event.preventDefault();
          tool.send({ type: 'preview.request' });
        }}
      >
        <Flex direction="column" gap="3">
          <TargetSelect value={target} onChange={(code) => tool.send({ type: 'target.select', code })} />
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor="translation-custom-code">
              {intl.formatMessage({ id: 'translation.editor.tool.custom' })}
            </Text>
            <TextField.Root
              id="translation-custom-code"
              data-testid="translation-custom-code"
              value={customCode}
              maxLength={8}
              autoComplete="off"
              spellCheck={false}
              aria-describedby="translation-custom-code-hint"
              onChange={(event) => tool.send({ type: 'target.custom', value: event.target.value })}
            />
            <Text size="1" color="gray" id="translation-custom-code-hint">
              {intl.formatMessage({ id: 'translation.editor.tool.customHint' })}
            </Text>
          </Flex>
          <Flex>
            <Button type="submit" loading={phase === 'translating'} disabled={busy} data-testid="translation-translate">
              {intl.formatMessage({ id: 'translation.editor.tool.translate' })}
            </Button>
          </Flex>
        </Flex>
      </form>
      {phase === 'translating' && (
        <Text role="status" size="2" color="gray">
          {intl.formatMessage({ id: 'translation.editor.tool.translating' })}
        </Text>
      )}
      {notice && <NoticeCallout notice={notice} error={error} />}
      {hasPreview && (
        <Flex direction="column" gap="2">
          <Text as="label" size="2" weight="medium" htmlFor="translation-preview">
            {intl.formatMessage({ id: 'translation.editor.tool.preview' })}
          </Text>
          {result && (
            <Text size="1" color="gray" data-testid="translation-preview-origin">
              {intl.formatMessage(
                { id: 'translation.editor.tool.previewOrigin' },
                { name: intl.formatMessage({ id: `translation.editor.kind.${result.origin}` }) },
              )}
            </Text>
          )}
          <TextArea
            id="translation-preview"
            data-testid="translation-preview"
            value={preview}
            rows={previewRows(preview)}
            resize="vertical"
            readOnly={phase !== 'previewReady'}
            lang={result?.target_language_code}
            onChange={(event) => tool.send({ type: 'preview.edit', text: event.target.value })}
          />
          {result && <QaList issues={result.qa} />}
          <Flex gap="2" align="center">
            <Button
              onClick={() => tool.send({ type: 'translation.save' })}
              disabled={!canSave}
              loading={phase === 'saving'}
              data-testid="translation-save"
            >
              {intl.formatMessage({ id: 'translation.editor.tool.save' })}
            </Button>
            {phase === 'saving' && (
              <Text role="status" size="2" color="gray">
                {intl.formatMessage({ id: 'translation.editor.tool.saving' })}
              </Text>
            )}
            {phase === 'saved' && (
              <Text role="status" size="2" color="green" data-testid="translation-saved">
                {intl.formatMessage({ id: 'translation.editor.tool.saved' })}
              </Text>
            )}
          </Flex>
        </Flex>
      )}
      {result && (
        <SuggestionList
          suggestions={result.suggestions}
          sourceLanguage={sourceLanguage}
          targetLanguage={result.target_language_code}
          disabled={phase !== 'previewReady'}
          onUse={(text) => tool.send({ type: 'suggestion.use', text })}
        />
      )}
    </Flex>
  );
}

/** The target languages of /legal/languages, by name. */
function TargetSelect({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const intl = useIntl();
  const languages = useActorRef(legalLanguagesMachine, { input: { key: 'languages' } });
  const items = useSelector(languages, selectResource<LegalLanguage[]>);
  const error = useSelector(languages, selectPageError<LegalLanguage[]>);
  const options = (items ?? [])
    .filter((language) => language.iso_639_1 !== '')
    .map((language) => ({ code: language.iso_639_1, name: languageName(intl, language.iso_639_1, language.name) }))
    .sort((a, b) => a.name.localeCompare(b.name, intl.locale));
  // A target taken from a Copilot proposal that the list does not have still shows.
  if (value !== '' && !options.some((option) => option.code === value)) options.push({ code: value, name: value });
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor="translation-target">
        {intl.formatMessage({ id: 'translation.editor.tool.target' })}
      </Text>
      <Box>
        <select
          id="translation-target"
          data-testid="translation-target"
          className="translation-editor-select"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{intl.formatMessage({ id: 'translation.editor.tool.choose' })}</option>
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {`${option.name} (${option.code})`}
            </option>
          ))}
        </select>
      </Box>
      {error && (
        <Text size="1" color="red">
          {intl.formatMessage(
            { id: 'translation.editor.tool.languagesFailed' },
            { message: errorMessage(intl, error) },
          )}
        </Text>
      )}
    </Flex>
  );
}

/** The machine's notice in words, with what the failure said where there was one. */
function NoticeCallout({ notice, error }: { notice: TranslationNotice; error?: ApiError }) {
  const intl = useIntl();
  let why: ReactNode = null;
  if (notice === 'noContent' && error) why = error.message || error.detail;
  else if ((notice === 'previewUnavailable' || notice === 'saveFailed') && error) why = errorMessage(intl, error);
  return (
    <ErrorCallout data-testid="translation-notice">
      <Callout.Text>{intl.formatMessage({ id: `translation.editor.notice.${notice}` })}</Callout.Text>
      {why && <Callout.Text data-testid="translation-notice-detail">{why}</Callout.Text>}
    </ErrorCallout>
  );
}

export function TranslationHeading() {
  const intl = useIntl();
  return (
    <Heading as="h2" size="5" id="translation-tool-heading">
      {intl.formatMessage({ id: 'translation.editor.tool.heading' })}
    </Heading>
  );
}

/** Enough rows for the whole preview at about 45 characters a line (the side panel's width), 4 to 20. */
function previewRows(text: string): number {
  const lines = text.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / 45)), 0);
  return Math.min(20, Math.max(4, lines + 1));
}
