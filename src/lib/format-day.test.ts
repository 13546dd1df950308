import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { formatDay } from './format-day';

describe('formatDay', () => {
  it('formats a calendar day in the interface language without shifting it', () => {
    expect(formatDay(createIntl({ locale: 'en' }), '1993-01-01')).toBe('Jan 1, 1993');
    expect(formatDay(createIntl({ locale: 'cs' }), '1992-12-16')).toBe('16. 12. 1992');
  });
});
