// A logged-in principal for policy unit tests: the user `id`, with everything else plain.
import type { UserPrincipal } from '../../server/auth/principal.js';

export const userPrincipal = (id: string): UserPrincipal => ({
  kind: 'user',
  sessionIdHash: 'hash',
  user: {
    id,
    username: `user-${id}`,
    email: `${id}@example.com`,
    firstName: '',
    lastName: '',
    language: null,
    emailVerified: true,
  },
});
