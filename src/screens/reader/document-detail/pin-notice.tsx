// A collection's pin on its document: shown at the version in force on the pinned date, with a
// link to the latest; or, when the address chose another version, a link back to the pinned one.
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { Callout, Link } from '@radix-ui/themes';
import { CalendarIcon } from '@radix-ui/react-icons';
import { effectiveDate } from '../../../components/version-selector/branch-label';

export function PinNotice({
  asOf,
  followsPin,
  latestHref,
  pinnedHref,
}: {
  /** The pinned date (YYYY-MM-DD). */
  asOf: string;
  /** Whether the page shows the pinned version (the address names none). */
  followsPin: boolean;
  latestHref: string;
  pinnedHref: string;
}) {
  const intl = useIntl();
  // One date format across the reader: the banner's and the version picker's.
  const date = effectiveDate(intl, asOf);
  return (
    <Callout.Root size="1" color="amber" variant="surface" highContrast data-testid="pin-notice">
      <Callout.Icon>
        <CalendarIcon />
      </Callout.Icon>
      <Callout.Text>
        {followsPin
          ? intl.formatMessage({ id: 'reader.context.pinned' }, { date })
          : intl.formatMessage({ id: 'reader.context.pinnedElsewhere' }, { date })}{' '}
        {/* The notice's own dark amber, underlined: amber link text on amber was 2.5:1 to the words (axe). */}
        <Link asChild underline="always" highContrast>
          <RouterLink href={`~${followsPin ? latestHref : pinnedHref}`}>
            {intl.formatMessage({ id: followsPin ? 'reader.context.latestLink' : 'reader.context.pinnedLink' })}
          </RouterLink>
        </Link>
      </Callout.Text>
    </Callout.Root>
  );
}
