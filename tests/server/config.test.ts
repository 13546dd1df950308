// Settings from the environment, parsed with zod at start: a bad value stops the start with a
// message naming the variable; the realtime origins list is checked at start, not at the first socket.
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.js';

describe('readConfig', () => {
  it('has defaults for everything', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databasePoolMax: 20,
      logLevel: 'info',
      publicUrl: 'http://localhost:8080',
      trustProxy: false,
      realtimeAllowedOrigins: [],
      copilot: { port: 8090, chatUrl: '/copilot/chat' },
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('reads set values, an empty one as unset', () => {
    const config = readConfig({
      PORT: '9000',
      DATABASE_POOL_MAX: '5',
      LOG_LEVEL: 'debug',
      TRUST_PROXY: 'Yes',
      PUBLIC_URL: 'https://lexhub.example.org/',
      SMTP_URL: '',
      COPILOT_PORT: '0',
    });
    expect(config).toMatchObject({
      port: 9000,
      databasePoolMax: 5,
      logLevel: 'debug',
      trustProxy: true,
      publicUrl: 'https://lexhub.example.org',
      copilot: { port: 0 },
    });
    expect(config.smtpUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: expected a port number 0-65535, got "abc"'],
    [{ PORT: '70000' }, 'PORT: expected a port number 0-65535, got "70000"'],
    [{ COPILOT_PORT: '-1' }, 'COPILOT_PORT: expected a port number 0-65535, got "-1"'],
    [{ DATABASE_POOL_MAX: '0' }, 'DATABASE_POOL_MAX: expected a whole number above 0, got "0"'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "loud"'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY: expected 1, true, yes, 0, false or no, got "maybe"'],
    [{ PUBLIC_URL: 'lexhub.example.org' }, 'PUBLIC_URL: expected an http(s) address'],
    [{ PUBLIC_URL: 'ftp://lexhub.example.org' }, 'PUBLIC_URL: expected an http(s) address'],
  ])('refuses %o naming the variable', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });

  it('names every wrong variable at once', () => {
    expect(() => readConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT: .*\n.*LOG_LEVEL: /s);
  });

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
