// Live commands may only move the page within the app: other origins, schemes, backslash and
// control-character tricks are refused; the app's own paths pass with their query and hash.
import { describe, expect, it } from 'vitest';
import { sameOriginAppPath } from './app-path';

const ORIGIN = 'https://lexhub.example';

describe('sameOriginAppPath', () => {
  it.each([
    ['/documents/x?node=1', '/documents/x?node=1'],
    ['/', '/'],
    ['/tools#ws-demo', '/tools#ws-demo'],
    ['/documents?q=%C3%BAstava', '/documents?q=%C3%BAstava'],
    // An encoded newline is data in the path, not a control character.
    ['/%0a', '/%0a'],
    // Dots inside a segment, or in the query and hash, are not dot segments.
    ['/documents/v1.2..x?back=../a#./b', '/documents/v1.2..x?back=../a#./b'],
    ['/%2f%2fevil', '/%2f%2fevil'],
  ])('accepts %s', (path, expected) => {
    expect(sameOriginAppPath(path, ORIGIN)).toBe(expected);
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    'documents/x',
    '',
    '/\tevil',
    '/\n/evil.example',
    '/documents\\..\\x',
    // Dot segments, raw or percent-encoded: the URL parser would fold them into a `//` start.
    '/..//evil.example/login',
    '/.//evil.example',
    '/.%2e//evil',
    '/%2e%2e/%2f%2fevil',
    '/a/../..//evil',
    '/%2E/x',
    '/documents/..',
    '/documents/./x?q=1',
  ])('refuses %j', (path) => {
    expect(sameOriginAppPath(path, ORIGIN)).toBeNull();
  });

  it.each(['/', '/documents/x?node=1', '/%2f%2fevil', '/a%5c'])('answers a path that passes again: %j', (path) => {
    const once = sameOriginAppPath(path, ORIGIN);
    expect(once).not.toBeNull();
    expect(sameOriginAppPath(once!, ORIGIN)).toBe(once);
  });
});
