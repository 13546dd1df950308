// The comparison panel: two version selectors (with their dates of effect), then what changed,
// provision by provision under the act's headings, and last the counts and ids by text segment in
// a closed Details section. It renders the comparison machine's state and sends it events.
import { useId, type ReactNode } from 'react';
import { Box, Button, Callout, Flex, Grid, Heading, Select, Skeleton, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { ChangedProvisions } from '../../../components/comparison/changed-provisions';
import { ComparisonCounts } from '../../../components/comparison/comparison-counts';
import { ProvisionList } from '../../../components/comparison/provision-list';
import { VersionSelect } from '../../../components/comparison/version-select';
import '../../../components/comparison/comparison.css';
import {
  selectBase,
  selectBranches,
  selectChanges,
  selectComparison,
  selectHead,
  selectLoadingMore,
  selectMoreFailed,
  selectPanelPhase,
  type comparisonMachine,
} from '../../../machines/reader/comparison.machine';

type ComparisonActor = ActorRefFrom<typeof comparisonMachine>;

export function ComparisonPanel({ actor }: { actor: ComparisonActor }) {
  const intl = useIntl();
  const branches = useSelector(actor, selectBranches);
  const base = useSelector(actor, selectBase);
  const head = useSelector(actor, selectHead);
  const phase = useSelector(actor, selectPanelPhase);
  const comparison = useSelector(actor, selectComparison);
  const countsHeadingId = useId();

  return (
    <Flex direction="column" gap="5">
      <Grid asChild columns={{ initial: '1', sm: '2' }} gap="3">
        <fieldset className="lexhub-fieldset">
          <legend className="lexhub-visually-hidden">{intl.formatMessage({ id: 'compare.versions' })}</legend>
          <VersionSelect
            label={intl.formatMessage({ id: 'compare.base' })}
            branches={branches}
            value={base}
            onChange={(branchId) => actor.send({ type: 'base.select', branchId })}
          />
          <VersionSelect
            label={intl.formatMessage({ id: 'compare.head' })}
            branches={branches}
            value={head}
            onChange={(branchId) => actor.send({ type: 'head.select', branchId })}
          />
        </fieldset>
      </Grid>

      {phase === 'choosing' && (
        <Callout.Root color="gray">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Callout.Text>{intl.formatMessage({ id: 'compare.chooseTwo' })}</Callout.Text>
        </Callout.Root>
      )}

      {phase === 'comparing' && (
        <Flex direction="column" gap="2" aria-busy="true">
          <Text size="2" color="gray" role="status">
            {intl.formatMessage({ id: 'compare.comparing' })}
          </Text>
          <Skeleton height="64px" />
          <Skeleton height="160px" />
        </Flex>
      )}

      {phase === 'failed' && (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Flex direction="column" gap="2" align="start">
            <Text weight="bold">{intl.formatMessage({ id: 'compare.error' })}</Text>
            <Callout.Text>{intl.formatMessage({ id: 'compare.failed' })}</Callout.Text>
            <Button size="1" variant="soft" color="red" onClick={() => actor.send({ type: 'compare.retry' })}>
              {intl.formatMessage({ id: 'compare.retry' })}
            </Button>
          </Flex>
        </Callout.Root>
      )}

      {phase === 'compared' && comparison && (
        <>
          <ChangesSection actor={actor} />
          <details className="lexhub-compare-details">
            <summary>{intl.formatMessage({ id: 'compare.details' })}</summary>
            <Flex asChild direction="column" gap="2" mt="2">
              <section aria-labelledby={countsHeadingId}>
                <Text as="p" size="2" color="gray">
                  {intl.formatMessage({ id: 'compare.details.help' })}
                </Text>
                <ComparisonCounts comparison={comparison} headingId={countsHeadingId} />
              </section>
            </Flex>
          </details>
        </>
      )}
    </Flex>
  );
}

function ChangesSection({ actor }: { actor: ComparisonActor }) {
  const intl = useIntl();
  const changes = useSelector(actor, selectChanges);
  const loadingMore = useSelector(actor, selectLoadingMore);
  const moreFailed = useSelector(actor, selectMoreFailed);
  const headingId = useId();
  const languageId = useId();
  if (!changes) return null;
  const total = changes.counts.changed + changes.counts.added + changes.counts.removed;
  const shown = changes.changed.length + changes.added.length + changes.removed.length;

  return (
    <Flex asChild direction="column" gap="4">
      <section aria-labelledby={headingId}>
        <Flex justify="between" align="end" gap="3" wrap="wrap">
          <Heading as="h2" size="5" id={headingId}>
            {intl.formatMessage({ id: 'compare.changes.heading' })}
          </Heading>
          {changes.languages.length > 1 && changes.language && (
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={languageId} size="2" weight="medium">
                {intl.formatMessage({ id: 'compare.changes.language' })}
              </Text>
              <Select.Root
                value={changes.language}
                onValueChange={(lang) => actor.send({ type: 'language.select', lang })}
              >
                <Select.Trigger id={languageId} />
                <Select.Content position="popper">
                  {changes.languages.map((code) => (
                    <Select.Item key={code} value={code}>
                      {intl.formatDisplayName(code, { type: 'language' }) ?? code}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            </Flex>
          )}
        </Flex>

        {total === 0 ? (
          <Text as="p" size="2" color="gray">
            {intl.formatMessage({ id: 'compare.changes.none' })}
          </Text>
        ) : (
          <Text as="p" size="2">
            {intl.formatMessage({ id: 'compare.changes.summary' }, { ...changes.counts })}
          </Text>
        )}
        {total > 0 && (
          <>
            <ChangeGroup
              title={intl.formatMessage({ id: 'compare.changes.changed' }, { count: changes.counts.changed })}
              show={changes.counts.changed > 0}
            >
              <ChangedProvisions items={changes.changed} />
            </ChangeGroup>
            <ChangeGroup
              title={intl.formatMessage({ id: 'compare.changes.added' }, { count: changes.counts.added })}
              show={changes.counts.added > 0}
            >
              <ProvisionList items={changes.added} kind="added" />
            </ChangeGroup>
            <ChangeGroup
              title={intl.formatMessage({ id: 'compare.changes.removed' }, { count: changes.counts.removed })}
              show={changes.counts.removed > 0}
            >
              <ProvisionList items={changes.removed} kind="removed" />
            </ChangeGroup>
          </>
        )}

        {changes.next_offset !== null && (
          <Flex direction="column" align="start" gap="2">
            <Text size="2" color="gray">
              {intl.formatMessage({ id: 'compare.changes.shown' }, { count: shown, total })}
            </Text>
            {moreFailed && (
              <Text size="2" color="red" role="alert">
                {intl.formatMessage({ id: 'compare.changes.moreFailed' })}
              </Text>
            )}
            <Button variant="soft" loading={loadingMore} onClick={() => actor.send({ type: 'changes.more' })}>
              {intl.formatMessage({ id: 'compare.changes.showMore' })}
            </Button>
          </Flex>
        )}
      </section>
    </Flex>
  );
}

function ChangeGroup({ title, show, children }: { title: string; show: boolean; children: ReactNode }) {
  const id = useId();
  if (!show) return null;
  return (
    <Box asChild>
      <section aria-labelledby={id}>
        <Heading as="h3" size="4" id={id} mb="3">
          {title}
        </Heading>
        {children}
      </section>
    </Box>
  );
}
