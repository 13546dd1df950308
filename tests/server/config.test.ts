// Settings from the environment: the realtime origins list is checked at start, not at the first socket.
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.js';

describe('readConfig', () => {
  it('reads REALTIME_ALLOWED_ORIGINS as a comma-separated list of origins', () => {
    expect(readConfig({}).realtimeAllowedOrigins).toEqual([]);
    expect(
      readConfig({ REALTIME_ALLOWED_ORIGINS: ' https://app.example.org, http://localhost:5173/ ' })
        .realtimeAllowedOrigins,
    ).toEqual(['https://app.example.org', 'http://localhost:5173']);
  });

  it('refuses an entry that is not an origin', () => {
    expect(() => readConfig({ REALTIME_ALLOWED_ORIGINS: 'app.example.org' })).toThrow(/REALTIME_ALLOWED_ORIGINS/);
    expect(() => readConfig({ REALTIME_ALLOWED_ORIGINS: 'https://app.example.org/path' })).toThrow(/no path/);
    expect(() => readConfig({ REALTIME_ALLOWED_ORIGINS: 'ftp://app.example.org' })).toThrow(/REALTIME_ALLOWED_ORIGINS/);
  });
});
