// Tells a reader of a version that is not the one in force which version they read (historical,
// not yet in force, undated) and links to the same provision in the version in force. Reads the
// document page's state itself, so the screen only places it.
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { useSelector } from '@xstate/react';
import { Callout, Link } from '@radix-ui/themes';
import { CounterClockwiseClockIcon } from '@radix-ui/react-icons';
import type { ActorRefFrom } from 'xstate';
import type { Branch } from '../../api/contract';
import {
  addressWith,
  selectProvisionPath,
  selectSearch,
  selectSegment,
  selectVersions,
  type documentPageMachine,
} from '../../machines/reader/document-page.machine';
import { selectBranches, selectReadBranch } from '../../machines/reader/branch-selection.machine';
import { PROVISION_PATH_KEY } from '../../shared/provision-path';
import { todayIso, versionInForceOn, versionStatus } from '../../shared/versions-in-force';
import { effectiveDate } from '../version-selector/branch-label';

export interface VersionBannerViewProps {
  /** The version read and the one in force today (none: no banner). */
  read?: Branch;
  inForce?: Branch;
  branches: readonly Branch[];
  /** Whether the reader is at a provision: the link then names it. */
  atProvision: boolean;
  /** The same place in the version in force. */
  inForceHref: string;
  today?: string;
}

export function VersionBannerView({
  read,
  inForce,
  branches,
  atProvision,
  inForceHref,
  today = todayIso(),
}: VersionBannerViewProps) {
  const intl = useIntl();
  if (!read || !inForce || read.id === inForce.id) return null;
  const status = versionStatus(branches, read, today);
  const date = read.valid_from ? effectiveDate(intl, read.valid_from) : '';
  const message =
    status === 'historical'
      ? 'reader.versions.banner.historical'
      : status === 'not_yet_in_force'
        ? 'reader.versions.banner.notYetInForce'
        : 'reader.versions.banner.undated';
  const inForceDate = effectiveDate(intl, inForce.valid_from!);
  return (
    <Callout.Root color="amber" size="1" role="status" className="version-banner">
      <Callout.Icon>
        <CounterClockwiseClockIcon />
      </Callout.Icon>
      <Callout.Text>
        {intl.formatMessage({ id: message }, { date })}{' '}
        <Link asChild weight="medium">
          <RouterLink href={`~${inForceHref}`}>
            {intl.formatMessage(
              { id: atProvision ? 'reader.versions.banner.provisionLink' : 'reader.versions.banner.documentLink' },
              { date: inForceDate },
            )}
          </RouterLink>
        </Link>
      </Callout.Text>
    </Callout.Root>
  );
}

/** The banner for the document page: `<VersionBanner page={page} basePath={basePath} />`. */
export function VersionBanner({
  page,
  basePath,
}: {
  page: ActorRefFrom<typeof documentPageMachine>;
  basePath: string;
}) {
  const versions = useSelector(page, selectVersions);
  const segment = useSelector(page, selectSegment);
  const search = useSelector(page, selectSearch);
  const path = useSelector(page, selectProvisionPath);
  const branches = useSelector(versions, selectBranches);
  const read = useSelector(versions, selectReadBranch);
  const today = todayIso();
  const inForce = versionInForceOn(branches, today);
  const inForceHref = addressWith(
    { basePath, segment, search },
    { branch: inForce?.name, at: undefined, node: undefined, [PROVISION_PATH_KEY]: path },
  );
  return (
    <VersionBannerView
      read={read}
      inForce={inForce}
      branches={branches}
      atProvision={path !== undefined}
      inForceHref={inForceHref}
      today={today}
    />
  );
}
