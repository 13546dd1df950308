// Tells a reader of a version that is not the one in force which version they read (historical,
// not yet in force, undated) and links to the same provision in the version in force. Reads the
// document page's state itself, so the screen only places it.
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { Callout, Link } from '@radix-ui/themes';
import { CounterClockwiseClockIcon } from '@radix-ui/react-icons';
import type { Branch } from '../../api/contract';
import { todayIso, versionInForceOn, versionStatus } from '../../shared/versions-in-force';
import { usePageVersions, type PageVersionsProps } from '../page-versions/use-page-versions';
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
    <Callout.Root color="amber" size="1" role="status" className="version-banner" highContrast>
      <Callout.Icon>
        <CounterClockwiseClockIcon />
      </Callout.Icon>
      <Callout.Text>
        {intl.formatMessage({ id: message }, { date })}{' '}
        <Link asChild weight="medium" highContrast>
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
export function VersionBanner(props: PageVersionsProps) {
  const { branches, read, atProvision, hrefOf } = usePageVersions(props);
  const today = todayIso();
  const inForce = versionInForceOn(branches, today);
  return (
    <VersionBannerView
      read={read}
      inForce={inForce}
      branches={branches}
      atProvision={atProvision}
      inForceHref={hrefOf(inForce)}
      today={today}
    />
  );
}
