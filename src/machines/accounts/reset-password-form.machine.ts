// The new-password form (/auth/reset): the token from the emailed link (the machine's input) and
// the new password, the reset call, then the success view and the login page after a pause.
import { call } from '../../api/client';
import { routes } from '../../api/contract/routes';
import { authFormMachine } from './auth-form.machine';

export const resetPasswordFormMachine = authFormMachine({
  id: 'resetPasswordForm',
  fields: { token: '', password: '' },
  canSubmit: ({ token, password }) => token.trim() !== '' && password !== '',
  request: ({ token, password }) => ({ token: token.trim(), new_password: password }),
  send: (body, signal) => call(routes.resetPassword, { body, signal }),
  // Time to read the success view before the login page.
  leave: { to: '/auth/login', after: 2000 },
});
