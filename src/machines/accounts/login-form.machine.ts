// The login form (/auth/login): email and password, submit once both are filled, the login call
// (the server sets the session cookie and answers the user), then home after a short pause.
import { call } from '../../api/client';
import { routes } from '../../api/contract/routes';
import { authFormMachine } from './auth-form.machine';

export const loginFormMachine = authFormMachine({
  id: 'loginForm',
  fields: { email: '', password: '' },
  canSubmit: ({ email, password }) => email.trim() !== '' && password !== '',
  request: ({ email, password }) => ({ identifier: email.trim(), password }),
  send: async (body, signal) => (await call(routes.login, { body, signal })).user,
  // Long enough to see the welcome toast, short enough not to wait for it.
  leave: { to: '/', after: 500 },
});
