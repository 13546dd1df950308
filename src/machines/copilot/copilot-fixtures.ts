// Test data of the Copilot's tests: a signed session as the server issues it.
import type { CopilotSession } from '../../api/contract/copilot';

/** How long a session issued by the fixture lives. */
export const SESSION_LIFETIME_MS = 30 * 60 * 1000;

/** A session named `id`, valid for SESSION_LIFETIME_MS from now (fake timers included). */
export const copilotSession = (id: string): CopilotSession => ({
  session_id: id,
  nonce: `nonce-${id}`,
  expires_at: new Date(Date.now() + SESSION_LIFETIME_MS).toISOString(),
  user_id: '7f1d8a3e-2b4c-4d5e-8f60-718293a4b5c6',
  signed_headers: {
    'x-copilot-session': id,
    'x-copilot-user': 'u',
    'x-copilot-login': 'l',
    'x-copilot-nonce': 'n',
    'x-copilot-expires': 'e',
    'x-copilot-signature': 's',
  },
});
