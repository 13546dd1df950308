// The Overview tab's timeline of versions: every version, newest first, with its date of effect,
// its status (in force, historical, not yet in force) and a link that opens it at the provision
// the reader is at. Reads the document page's state itself, so the screen only places it.
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { Badge, Flex, Heading, Link, Text } from '@radix-ui/themes';
import type { Branch } from '../../api/contract';
import { todayIso, versionStatus, type VersionStatus } from '../../shared/versions-in-force';
import { usePageVersions, type PageVersionsProps } from '../page-versions/use-page-versions';
import { branchLabel, effectiveDate } from '../version-selector/branch-label';
import './version-timeline.css';

const STATUS: Record<VersionStatus, { id: string; color: 'green' | 'gray' | 'amber' } | undefined> = {
  in_force: { id: 'reader.versions.status.inForce', color: 'green' },
  historical: { id: 'reader.versions.status.historical', color: 'gray' },
  not_yet_in_force: { id: 'reader.versions.status.notYetInForce', color: 'amber' },
  undated: undefined,
};

/** Newest first; undated versions last. */
const byDateOfEffect = (a: Branch, b: Branch) => (b.valid_from ?? '').localeCompare(a.valid_from ?? '');

export interface VersionTimelineViewProps {
  branches: readonly Branch[];
  readBranchId?: string;
  hrefOf: (branch: Branch) => string;
  today?: string;
}

export function VersionTimelineView({ branches, readBranchId, hrefOf, today = todayIso() }: VersionTimelineViewProps) {
  const intl = useIntl();
  if (branches.length === 0) return null;
  return (
    <section aria-labelledby="version-timeline-title" className="version-timeline">
      <Heading as="h2" size="3" mb="2" id="version-timeline-title">
        {intl.formatMessage({ id: 'reader.versions.timeline.title' })}
      </Heading>
      <ol>
        {[...branches].sort(byDateOfEffect).map((branch) => {
          const status = STATUS[versionStatus(branches, branch, today)];
          const current = branch.id === readBranchId;
          return (
            <li key={branch.id} data-status={versionStatus(branches, branch, today)}>
              <Flex gap="2" align="center" wrap="wrap">
                <Text size="2" weight="medium" className="version-timeline-date">
                  {branch.valid_from
                    ? effectiveDate(intl, branch.valid_from)
                    : intl.formatMessage({ id: 'reader.versions.undated' })}
                </Text>
                <Link asChild size="2">
                  <RouterLink href={`~${hrefOf(branch)}`} aria-current={current ? 'page' : undefined}>
                    {branchLabel(intl, branch.name)}
                  </RouterLink>
                </Link>
                {status && (
                  <Badge color={status.color} variant="soft" size="1">
                    {intl.formatMessage({ id: status.id })}
                  </Badge>
                )}
                {current && (
                  <Text size="1" color="gray">
                    {intl.formatMessage({ id: 'reader.versions.timeline.current' })}
                  </Text>
                )}
              </Flex>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The timeline for the document page: `<VersionTimeline page={page} basePath={basePath} />`. */
export function VersionTimeline(props: PageVersionsProps) {
  const { branches, read, hrefOf } = usePageVersions(props);
  return <VersionTimelineView branches={branches} readBranchId={read?.id} hrefOf={hrefOf} />;
}
