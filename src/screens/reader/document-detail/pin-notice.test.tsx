// The pin notice dates its version as the rest of the reader does: one format per language.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Router } from 'wouter';
import { Theme } from '@radix-ui/themes';
import type { Locale } from '../../../i18n/locale';
import { MESSAGES } from '../../../i18n/messages';
import { PinNotice } from './pin-notice';

function renderIn(locale: Locale) {
  render(
    <IntlProvider locale={locale} messages={MESSAGES[locale]}>
      <Router>
        <Theme>
          <PinNotice asOf="1993-01-01" followsPin latestHref="/documents/d?branch=main" pinnedHref="/documents/d" />
        </Theme>
      </Router>
    </IntlProvider>,
  );
  return screen.getByTestId('pin-notice').textContent ?? '';
}

describe('PinNotice', () => {
  afterEach(cleanup);

  it('writes the date as the version banner does: long in English', () => {
    const text = renderIn('en');
    expect(text).toContain('1 January 1993');
    expect(text).not.toContain('Jan 1, 1993');
  });

  it('and as Czech lawyers write it in Czech', () => {
    expect(renderIn('cs')).toMatch(/1\.\s1\.\s1993/);
  });
});
