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
  ])('refuses %j', (path) => {
    expect(sameOriginAppPath(path, ORIGIN)).toBeNull();
  });
});
