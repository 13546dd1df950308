// Test data of the API key machines and screen.
import type { ApiKey, ApiKeyWithSecret } from '../../api/contract/api-keys';

export const ORG_ID = '33333333-3333-4333-8333-333333333333';

export const apiKey = (n: number, overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  prefix: `lxh_abcd${String(n).padStart(4, '0')}`,
  scopes: ['memory.read'],
  status: 'active',
  managed: false,
  created_at: '2026-11-01T10:00:00.000Z',
  last_used_at: null,
  expires_at: null,
  description: `Key ${n}`,
  owner_type: 'user',
  organization_id: null,
  ...overrides,
});

export const withSecret = (key: ApiKey, secret = `${key.prefix}${'s'.repeat(28)}`): ApiKeyWithSecret => ({
  ...key,
  secret,
});
