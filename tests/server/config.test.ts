// Settings from the environment, parsed with zod at start: a bad value stops the start with a
// message naming the variable; the realtime origins list, mail and Copilot addresses are checked at
// start, not at first use; a public HOST without PUBLIC_URL is a warning.
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
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY: expected true, false, a number of proxies in front (1, 2, ...)'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'got "10.0.0.0/33"'],
    [{ TRUST_PROXY: '10.0.0.1,nginx.local' }, 'got "10.0.0.1,nginx.local"'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY: expected true, false'],
    [{ PUBLIC_URL: 'lexhub.example.org' }, 'PUBLIC_URL: expected an http(s) address'],
    [{ PUBLIC_URL: 'ftp://lexhub.example.org' }, 'PUBLIC_URL: expected an http(s) address'],
    [{ SMTP_URL: 'smtp//typo' }, 'SMTP_URL: expected an smtp:// or smtps:// address'],
    [{ SMTP_URL: 'http://mail.example.org' }, 'SMTP_URL: expected an smtp:// or smtps:// address'],
    [{ COPILOT_MODEL_URL: '127.0.0.1:11434/v1' }, 'COPILOT_MODEL_URL: expected an http(s) address'],
    [{ COPILOT_MODEL_URL: 'file:///etc/passwd' }, 'COPILOT_MODEL_URL: expected an http(s) address'],
    [{ COPILOT_CHAT_URL: 'copilot/chat' }, 'COPILOT_CHAT_URL: expected a path such as /copilot/chat'],
    [{ COPILOT_CHAT_URL: '//evil.example/chat' }, 'COPILOT_CHAT_URL: expected a path such as /copilot/chat'],
    [{ COPILOT_CHAT_URL: 'javascript:alert(1)' }, 'COPILOT_CHAT_URL: expected a path such as /copilot/chat'],
    [{ COPILOT_SECRET: 'fifteen-chars-x' }, 'COPILOT_SECRET: expected at least 16 characters'],
    [{ COPILOT_MODEL: 'qwen2.5:7b' }, 'COPILOT_MODEL_URL: required when COPILOT_MODEL is set'],
    [
      { COPILOT_MODEL: 'gpt-4o-mini', COPILOT_API_KEY: 'sk-test' },
      'COPILOT_MODEL_URL: required when COPILOT_MODEL or COPILOT_API_KEY is set',
    ],
    [{ COPILOT_API_KEY: 'sk-test' }, 'COPILOT_MODEL_URL: required when COPILOT_API_KEY is set'],
  ])('refuses %o naming the variable', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });

  it('reads TRUST_PROXY as true, false, a number of proxies, or addresses and CIDRs', () => {
    const trust = (value: string) => readConfig({ TRUST_PROXY: value }).trustProxy;
    expect([trust('true'), trust('YES'), trust('false'), trust('no'), trust('0'), trust('')]).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    // A number is a count of proxies in front now, no longer a boolean.
    expect([trust('1'), trust('2')]).toEqual([1, 2]);
    expect(trust(' 10.0.0.5, 192.168.0.0/16 ,fd00::/8,::1,loopback ')).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it('reads METRICS_HOST as the host and port of the /metrics listener', () => {
    expect(readConfig({}).metrics).toEqual({ token: undefined, listen: undefined });
    expect(readConfig({ METRICS_HOST: '127.0.0.1:9464' }).metrics.listen).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(readConfig({ METRICS_HOST: '[::1]:9464' }).metrics.listen).toEqual({ host: '::1', port: 9464 });
    expect(readConfig({ METRICS_HOST: 'metrics.internal:9100' }).metrics.listen).toEqual({
      host: 'metrics.internal',
      port: 9100,
    });
    for (const wrong of ['127.0.0.1', ':9464', '127.0.0.1:70000', '::1:9464', 'http://127.0.0.1:9464'])
      expect(() => readConfig({ METRICS_HOST: wrong }), wrong).toThrow(
        `METRICS_HOST: expected an address and port such as 127.0.0.1:9464 or [::1]:9464, got "${wrong}"`,
      );
    // Reachable from other machines without a token: started, with a warning.
    expect(readConfig({ METRICS_HOST: '0.0.0.0:9464' }).warnings.join('\n')).toContain('METRICS_TOKEN is unset');
    expect(readConfig({ METRICS_HOST: '127.0.0.1:9464' }).warnings.join('\n')).not.toContain('METRICS');
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

  it('reads the collection quotas, defaulting to 2,000 / 10,000 / 100', () => {
    expect(readConfig({}).collectionQuotas).toEqual({
      collectionsPerOwner: 2000,
      itemsPerCollection: 10_000,
      maintainersPerCollection: 100,
      openInvitationsPerInvitee: 20,
    });
    expect(readConfig({ COLLECTION_ITEMS_MAX: '50' }).collectionQuotas.itemsPerCollection).toBe(50);
    expect(() => readConfig({ COLLECTIONS_PER_OWNER: '0' })).toThrow(/COLLECTIONS_PER_OWNER/);
  });

  it('reads the translation memory threshold, defaulting to 75', () => {
    expect(readConfig({}).translationMemoryMinScore).toBe(75);
    expect(readConfig({ TRANSLATION_MEMORY_MIN_SCORE: '90' }).translationMemoryMinScore).toBe(90);
    expect(readConfig({ TRANSLATION_MEMORY_MIN_SCORE: '0' }).translationMemoryMinScore).toBe(0);
    expect(() => readConfig({ TRANSLATION_MEMORY_MIN_SCORE: '101' })).toThrow(
      'TRANSLATION_MEMORY_MIN_SCORE: expected a whole number 0-100, got "101"',
    );
    expect(() => readConfig({ TRANSLATION_MEMORY_MIN_SCORE: 'high' })).toThrow(/TRANSLATION_MEMORY_MIN_SCORE/);
  });

  it('accepts mail and Copilot addresses of the right kinds', () => {
    const config = readConfig({
      SMTP_URL: 'smtps://robot:p%40ss@mail.example.org:465',
      COPILOT_MODEL_URL: 'http://127.0.0.1:11434/v1',
      COPILOT_MODEL: 'qwen2.5:7b',
      COPILOT_API_KEY: 'sk-test',
      COPILOT_SECRET: 'sixteen-chars-xx',
      COPILOT_CHAT_URL: 'https://chat.example.org/chat',
    });
    expect(config.smtpUrl).toBe('smtps://robot:p%40ss@mail.example.org:465');
    expect(config.copilot).toMatchObject({
      modelUrl: 'http://127.0.0.1:11434/v1',
      model: 'qwen2.5:7b',
      apiKey: 'sk-test',
      secret: 'sixteen-chars-xx',
      chatUrl: 'https://chat.example.org/chat',
    });
    expect(readConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl).toBe('smtp://127.0.0.1:2525');
    expect(readConfig({ COPILOT_CHAT_URL: '/chat' }).copilot.chatUrl).toBe('/chat');
  });

  it('never repeats a secret-bearing value in its message', () => {
    const naming = (variable: string) =>
      expect.objectContaining({
        message: expect.stringContaining(`${variable}: expected`) as string,
      }) as Error;
    const hiding = expect.objectContaining({ message: expect.not.stringContaining('hunter2') as string }) as Error;
    for (const [variable, value] of [
      ['SMTP_URL', 'smtp//robot:hunter2@mail'],
      ['COPILOT_SECRET', 'hunter2'],
    ] as const) {
      expect(() => readConfig({ [variable]: value })).toThrow(naming(variable));
      expect(() => readConfig({ [variable]: value })).toThrow(hiding);
    }
  });

  it('warns, without failing, when a non-loopback HOST has no PUBLIC_URL', () => {
    const [warning, ...rest] = readConfig({ HOST: '0.0.0.0', PORT: '9000' }).warnings;
    expect(rest).toEqual([]);
    expect(warning).toContain('PUBLIC_URL is unset');
    expect(warning).toContain('http://localhost:9000');
    expect(readConfig({}).warnings).toHaveLength(1);
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1'])
      expect(readConfig({ HOST: host }).warnings).toEqual([]);
    expect(readConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://lexhub.example.org' }).warnings).toEqual([]);
  });

  it('warns when TRUST_PROXY believes any peer on a port others can reach', () => {
    const publicUrl = 'https://lexhub.example.org';
    for (const trust of ['true', '1'])
      expect(readConfig({ HOST: '0.0.0.0', PUBLIC_URL: publicUrl, TRUST_PROXY: trust }).warnings.join('\n')).toContain(
        'can choose its own address',
      );
    expect(readConfig({ HOST: '0.0.0.0', PUBLIC_URL: publicUrl, TRUST_PROXY: '10.0.0.5' }).warnings).toEqual([]);
    expect(readConfig({ HOST: '127.0.0.1', TRUST_PROXY: 'true' }).warnings).toEqual([]);
  });
});
