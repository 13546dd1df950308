// The sentence for a failed teams call: the catalogue's text for the codes the server documents,
// the raw 'Failed: {status} {code}' for anything else.
import type { IntlShape } from 'react-intl';

const KNOWN = new Set([
  'slug_taken',
  'already_member',
  'last_owner',
  'forbidden',
  'not_found',
  'validation_failed',
  'not_authenticated',
]);

export function teamsErrorText(intl: IntlShape, error: { status: number; detail: string; field?: string }): string {
  if (error.detail === 'validation_failed' && error.field)
    return intl.formatMessage({ id: 'teams.error.validation_failed_field' }, { name: error.field });
  if (KNOWN.has(error.detail)) return intl.formatMessage({ id: `teams.error.${error.detail}` });
  return intl.formatMessage({ id: 'teams.failed' }, { status: error.status, message: error.detail });
}
