import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of the app with its query', () => {
    expect(safeReturnPath('/editor/9d3c5f5e-3b8a-4d35-9a51-2f6f1d0c8e47?start=1&end=4')).toBe(
      '/editor/9d3c5f5e-3b8a-4d35-9a51-2f6f1d0c8e47?start=1&end=4',
    );
  });
  it.each([null, '', 'https://evil.example/', '//evil.example', '/\\evil.example', 'editor', '/a\nb', '/auth/login'])(
    'refuses %j',
    (value) => {
      expect(safeReturnPath(value)).toBeNull();
    },
  );
});
