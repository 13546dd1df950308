// A calendar date from the API (YYYY-MM-DD) in the interface language. Formatted in UTC, so the
// day never shifts with the reader's time zone.
import type { IntlShape } from 'react-intl';

export function formatDay(intl: IntlShape, value: string): string {
  return intl.formatDate(new Date(`${value}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' });
}
