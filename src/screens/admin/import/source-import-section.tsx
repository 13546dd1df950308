// The import page's "By number" section: an act from its official service (EU law from CELLAR by
// CELEX, Czech law from e-Sbírka by number/year), its versions, languages to pick, the import's
// progress and the history of imports. The flow is src/machines/sources/source-import.machine.ts;
// the page owns it, so the starter set can reload the history too.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Box, Button, Checkbox, Flex, Heading, RadioGroup, Text, TextField } from '@radix-ui/themes';
import { LawSourceName } from '../../../api/contract/source-imports';
import {
  languagesOf,
  selectAct,
  selectBusy,
  selectCanImport,
  selectId,
  selectInvalid,
  selectJob,
  selectLanguages,
  selectLookupPhase,
  selectOffline,
  selectSource,
  selectSourceError,
  type sourceImportMachine,
} from '../../../machines/sources/source-import.machine';
import { effectiveDate } from '../../../components/version-selector/branch-label';
import { SourceFailure } from '../../../components/sources/source-failure';
import { SourceImportHistory } from './source-import-history';
import { SourceJobProgress } from '../../../components/sources/source-job-progress';
import './source-import.css';

export function SourceImportSection({ flow }: { flow: ActorRefFrom<typeof sourceImportMachine> }) {
  const intl = useIntl();
  const ids = useId();
  const phase = useSelector(flow, selectLookupPhase);
  const source = useSelector(flow, selectSource);
  const id = useSelector(flow, selectId);
  const invalid = useSelector(flow, selectInvalid);
  const languages = useSelector(flow, selectLanguages);
  const busy = useSelector(flow, selectBusy);
  const canImport = useSelector(flow, selectCanImport);
  const act = useSelector(flow, selectAct);
  const job = useSelector(flow, selectJob);
  const error = useSelector(flow, selectSourceError);
  const offline = useSelector(flow, selectOffline);
  const language = (code: string) => intl.formatDisplayName(code, { type: 'language' }) ?? code;

  return (
    <Flex direction="column" gap="4" asChild>
      <section aria-labelledby={`${ids}-heading`} className="source-import">
        <Heading as="h2" size="5" id={`${ids}-heading`}>
          {intl.formatMessage({ id: 'sourceImport.title' })}
        </Heading>
        <Text as="p" color="gray">
          {intl.formatMessage({ id: 'sourceImport.intro' })}
        </Text>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            flow.send({ type: 'form.find' });
          }}
        >
          <Flex direction="column" gap="3">
            <RadioGroup.Root
              value={source}
              onValueChange={(value) => flow.send({ type: 'form.source', source: LawSourceName.parse(value) })}
              aria-label={intl.formatMessage({ id: 'sourceImport.source' })}
              disabled={busy}
            >
              {LawSourceName.options.map((source) => (
                <RadioGroup.Item key={source} value={source}>
                  {intl.formatMessage({ id: `sourceImport.source.${source}` })}
                </RadioGroup.Item>
              ))}
            </RadioGroup.Root>
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={`${ids}-id`} weight="medium">
                {intl.formatMessage({ id: `sourceImport.id.${source}` })}
              </Text>
              <Flex gap="3" wrap="wrap" align="start">
                <Box flexGrow="1" minWidth="12rem" maxWidth="24rem">
                  <TextField.Root
                    id={`${ids}-id`}
                    value={id}
                    disabled={busy}
                    autoComplete="off"
                    spellCheck={false}
                    placeholder={intl.formatMessage({ id: `sourceImport.example.${source}` })}
                    aria-invalid={invalid || undefined}
                    aria-describedby={`${ids}-hint`}
                    onChange={(event) => flow.send({ type: 'form.id', id: event.target.value })}
                  />
                </Box>
                <Button type="submit" loading={phase === 'resolving'} disabled={busy}>
                  {intl.formatMessage({ id: 'sourceImport.find' })}
                </Button>
              </Flex>
              <Text id={`${ids}-hint`} size="2" color={invalid ? 'red' : 'gray'} role={invalid ? 'alert' : undefined}>
                {intl.formatMessage({
                  id: invalid ? `errors.source_id_invalid` : `sourceImport.hint.${source}`,
                })}
              </Text>
            </Flex>
          </Flex>
        </form>

        <SourceFailure offline={offline} error={error} files="below" />

        {act && (
          <Flex direction="column" gap="3" data-testid="source-act">
            <Heading as="h3" size="4">
              {act.title} <Text color="gray">({act.act_id})</Text>
            </Heading>
            <ul className="source-versions" aria-label={intl.formatMessage({ id: 'sourceImport.versions' })}>
              {act.versions.map((version) => (
                <li key={version.version_id}>
                  <Text weight="medium">
                    {intl.formatMessage(
                      { id: `sourceImport.kind.${version.kind}` },
                      { date: effectiveDate(intl, version.date) },
                    )}
                  </Text>
                  <Text color="gray"> · {version.languages.map(language).join(', ')}</Text>
                </li>
              ))}
            </ul>
            <fieldset className="source-languages" disabled={busy}>
              <legend>
                <Text weight="medium">{intl.formatMessage({ id: 'sourceImport.languages' })}</Text>
              </legend>
              <Flex gap="4" wrap="wrap">
                {languagesOf(act).map((code) => (
                  <Text as="label" key={code} size="2">
                    <Flex gap="2" align="center">
                      <Checkbox
                        checked={languages.includes(code)}
                        onCheckedChange={() => flow.send({ type: 'language.toggle', language: code })}
                      />
                      {language(code)}
                    </Flex>
                  </Text>
                ))}
              </Flex>
            </fieldset>
            <Flex>
              <Button
                onClick={() => flow.send({ type: 'import.start' })}
                disabled={!canImport}
                loading={phase === 'importing'}
              >
                {intl.formatMessage({ id: 'sourceImport.import' }, { count: languages.length })}
              </Button>
            </Flex>
          </Flex>
        )}

        {job && <SourceJobProgress job={job} />}

        <SourceImportHistory flow={flow} />
      </section>
    </Flex>
  );
}
