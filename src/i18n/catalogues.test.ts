// Every string exists in both languages, and every message is valid ICU syntax.
import { describe, expect, it } from 'vitest';
import { createIntl } from '@formatjs/intl';
import { MESSAGES } from './messages';

describe('message catalogues', () => {
  it('have the same keys in English and Czech', () => {
    const en = Object.keys(MESSAGES.en).sort();
    const cs = Object.keys(MESSAGES.cs).sort();
    expect(cs.filter((key) => !en.includes(key))).toEqual([]);
    expect(en.filter((key) => !cs.includes(key))).toEqual([]);
    expect(en.length).toBeGreaterThan(5);
  });

  it('format every message without an error', () => {
    for (const locale of ['en', 'cs'] as const) {
      const errors: unknown[] = [];
      const intl = createIntl({ locale, messages: MESSAGES[locale], onError: (error) => errors.push(error) });
      for (const id of Object.keys(MESSAGES[locale])) {
        intl.formatMessage(
          { id },
          {
            count: 2,
            message: 'x',
            query: 'q',
            value: 'v',
            name: 'n',
            status: 500,
            total: 3,
            date: new Date(0),
            email: 'e',
            changed: 2,
            citation: 'c',
            created: 'c',
            lastSeen: 'l',
            current: 1,
            from: 'f',
            label: 'l',
            list: 'l',
            matched: 'm',
            language: 'l',
            number: 1,
            page: 1,
            path: 'p',
            target: 't',
            text: 't',
            title: 't',
            tool: 't',
            moved: 1,
            added: 1,
            removed: 1,
            pages: 2,
            to: 2,
            file: 'f',
            files: 2,
            seconds: '1.5',
            replaced: 1,
            unchanged: 1,
            skipped: 1,
            failed: 1,
            done: 1,
            stored: 1,
            max: 15,
          },
        );
      }
      expect(errors, locale).toEqual([]);
    }
  });
});
