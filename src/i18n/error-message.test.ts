// Every code the server or the client can fail with has a message in both catalogues, a
// context's own wording wins over the generic one, and a field names what to check.
import { describe, expect, it } from 'vitest';
import { createIntl } from '@formatjs/intl';
import { ApiError, CLIENT_ERROR_CODES } from '../api/client';
import { ERROR_CODES } from '../api/contract/errors';
import { ERROR_CONTEXTS, errorMessage, errorMessageId } from './error-message';
import { MESSAGES } from './messages';

const intlOf = (locale: 'en' | 'cs') => createIntl({ locale, messages: MESSAGES[locale] });

describe('error messages', () => {
  it.each([...ERROR_CODES, ...CLIENT_ERROR_CODES])('%s has its own text in en and cs', (code) => {
    for (const locale of ['en', 'cs'] as const) {
      expect(MESSAGES[locale][`errors.${code}`], `${locale}: errors.${code}`).toBeTruthy();
      const text = errorMessage(intlOf(locale), new ApiError(400, code, { message: 'm' }));
      expect(text).not.toMatch(/errors\./);
    }
  });

  it('has no context text for a code or context that does not exist', () => {
    const known = new Set<string>([...ERROR_CODES, ...CLIENT_ERROR_CODES, 'validation_failed_field']);
    const contexts = new Set<string>(ERROR_CONTEXTS);
    for (const key of Object.keys(MESSAGES.en).filter((id) => id.startsWith('errors.'))) {
      const parts = key.split('.');
      if (parts.length === 2) expect(known.has(parts[1]!), key).toBe(true);
      else {
        expect(contexts.has(parts[1]!), key).toBe(true);
        expect(known.has(parts[2]!), key).toBe(true);
      }
    }
  });

  it("prefers the context's wording, then the generic one", () => {
    const forbidden = new ApiError(403, 'forbidden');
    expect(errorMessageId(MESSAGES.en, forbidden, 'handle')).toBe('errors.handle.forbidden');
    expect(errorMessageId(MESSAGES.en, forbidden, 'login')).toBe('errors.forbidden');
    expect(errorMessage(intlOf('en'), forbidden, 'handle')).toBe('You can change only your own handle.');
  });

  it('names the field of a validation failure', () => {
    const error = new ApiError(400, 'validation_failed', { field: 'website' });
    expect(errorMessage(intlOf('en'), error, 'teams')).toBe('Check this field: website.');
    expect(errorMessage(intlOf('cs'), error)).toBe('Zkontrolujte pole: website.');
  });

  it('wraps a network failure and shows an unknown answer with its status', () => {
    expect(errorMessage(intlOf('en'), new TypeError('Failed to fetch'))).toBe('Error: Failed to fetch');
    expect(errorMessage(intlOf('en'), new ApiError(502, 'http_error', { message: 'Bad gateway' }))).toBe(
      'API 502: Bad gateway',
    );
  });
});
