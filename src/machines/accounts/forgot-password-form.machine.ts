// The forgotten-password form (/auth/forgot): one email field, the request for a reset link,
// then the "check your inbox" card. The server answers ok for any address (no enumeration).
import { call } from '../../api/client';
import { routes } from '../../api/contract/routes';
import { authFormMachine } from './auth-form.machine';

export const forgotPasswordFormMachine = authFormMachine({
  id: 'forgotPasswordForm',
  fields: { email: '' },
  canSubmit: ({ email }) => email.trim() !== '',
  request: ({ email }) => ({ email: email.trim() }),
  send: (body, signal) => call(routes.forgotPassword, { body, signal }),
});
