// The reading language by name: chips for a few languages, a menu for many; never counts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Theme } from '@radix-ui/themes';
import { MESSAGES } from '../../i18n/messages';
import type { LanguageRow } from '../../machines/reader/text-loading.machine';
import { LanguageSelect } from './language-select';

const row = (iso: string, id: number): LanguageRow => ({ language_id: id, iso_639_1: iso, name: iso, fragments: 42 });

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

function renderSelect(languages: LanguageRow[], onChange = vi.fn()) {
  render(
    <IntlProvider locale="cs" messages={MESSAGES.cs}>
      <Theme>
        <LanguageSelect languages={languages} value="en" loading={false} onChange={onChange} />
      </Theme>
    </IntlProvider>,
  );
  return onChange;
}

describe('LanguageSelect', () => {
  afterEach(cleanup);

  it('shows a few languages as named chips, the one read pressed', () => {
    const onChange = renderSelect([row('en', 2), row('cs', 1)]);
    const group = screen.getByRole('group', { name: 'Jazyk' });
    expect(group.textContent).not.toContain('42');
    expect(screen.getByRole('button', { name: 'angličtina' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'čeština' }));
    expect(onChange).toHaveBeenCalledWith('cs');
  });

  it('shows many languages as a menu, by name', () => {
    renderSelect(['en', 'cs', 'de', 'fr', 'sk'].map(row));
    expect(screen.getByRole('combobox').textContent).toBe('angličtina');
  });
});
