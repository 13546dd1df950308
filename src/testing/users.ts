// The logged-in user of client tests, as /auth/me answers it: one person everywhere, so a test
// names only what it needs to differ (a handle, a language).
import type { CurrentUser } from '../api/contract';

export const JANA: CurrentUser = {
  id: '7d3f2c1a-0b9e-4f5d-8c7a-6e5d4c3b2a10',
  username: 'jana',
  email: 'jana@example.com',
  first_name: 'Jana',
  last_name: 'Nováková',
  language: null,
  email_verified: true,
};

export const testUser = (overrides: Partial<CurrentUser> = {}): CurrentUser => ({ ...JANA, ...overrides });
