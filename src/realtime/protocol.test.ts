// The protocol's closed lists: an `err` frame carries one of LIVE_ERROR_CODES (another code is a
// malformed frame), and the Command union has exactly one member per KNOWN_PAYLOADS entry.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ClientMessage,
  Command,
  KNOWN_PAYLOADS,
  LIVE_ERROR_CODES,
  parseServerMessage,
  SESSION_ENDED_REASON,
  type KnownCommand,
  type LiveErrorCode,
  type ServerEvent,
} from './protocol';

describe('err frames', () => {
  it.each(LIVE_ERROR_CODES)('parse with the listed code %s', (code) => {
    expect(parseServerMessage(JSON.stringify({ type: 'err', code, message: 'm' }))).toEqual({
      type: 'err',
      code,
      message: 'm',
    });
  });

  it('refuse a code outside the list', () => {
    expect(parseServerMessage(JSON.stringify({ type: 'err', code: 'teapot', message: 'm' }))).toBeNull();
  });

  it('type the code as the closed list, the session-end reason among it', () => {
    expectTypeOf<Extract<ServerEvent, { type: 'err' }>['code']>().toEqualTypeOf<LiveErrorCode>();
    expect(LIVE_ERROR_CODES).toContain(SESSION_ENDED_REASON);
  });
});

describe('Command', () => {
  it('has one member per known payload, keyed by its name', () => {
    expectTypeOf<Command['cmd']>().toEqualTypeOf<KnownCommand>();
    expectTypeOf<Extract<Command, { cmd: 'search.query' }>['payload']>().toEqualTypeOf<{ q: string }>();
    const names = Command.options.map((member) => member.shape.cmd.value);
    expect(names).toEqual(Object.keys(KNOWN_PAYLOADS));
  });
});

describe('backlog ids (issue 15)', () => {
  const channel = 'user:7f1d8a3e-2b4c-4d5e-8f60-718293a4b5c6';
  it('a command carries its id; a reset names its channel', () => {
    const frame = { type: 'command', cmd: 'search.query', channel, payload: { q: 'x' }, ts: 1, id: 42 };
    expect(parseServerMessage(JSON.stringify(frame))).toEqual(frame);
    expect(parseServerMessage(JSON.stringify({ type: 'reset', channel }))).toEqual({ type: 'reset', channel });
    expect(parseServerMessage(JSON.stringify({ ...frame, id: 0 }))).toBeNull();
    expect(parseServerMessage(JSON.stringify({ type: 'reset', channel: 'user:nobody' }))).toBeNull();
  });

  it('subscribe takes an optional positive last_id', () => {
    expect(ClientMessage.safeParse({ cmd: 'subscribe', channels: [channel], last_id: 7 }).success).toBe(true);
    expect(ClientMessage.safeParse({ cmd: 'subscribe', channels: [channel] }).success).toBe(true);
    expect(ClientMessage.safeParse({ cmd: 'subscribe', channels: [channel], last_id: -1 }).success).toBe(false);
    expect(ClientMessage.safeParse({ cmd: 'subscribe', channels: [channel], last_id: '7' }).success).toBe(false);
  });
});
