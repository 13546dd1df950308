// A timestamp of the API (ISO, UTC) as date and time in the interface language and the reader's zone.
import type { IntlShape } from 'react-intl';

export const formatTime = (intl: IntlShape, value: string) =>
  intl.formatDate(new Date(value), { dateStyle: 'medium', timeStyle: 'short' });
