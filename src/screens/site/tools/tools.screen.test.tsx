// The Tools screen: the list of tools, the API Explorer opened through ?tool=api-explorer (the
// swagger-ui module itself is replaced: it is loaded lazily and tested in the browser).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Theme } from '@radix-ui/themes';
import { IntlProvider } from 'react-intl';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import axe from 'axe-core';
import { MESSAGES } from '../../../i18n/messages';
import { ToolsScreen } from './tools.screen';

vi.mock('./swagger-explorer', () => ({
  default: ({ url }: { url: string }) => <div data-testid="swagger-ui">{url}</div>,
}));

afterEach(cleanup);

function renderTools(path = '/tools', locale: 'en' | 'cs' = 'en') {
  const location = memoryLocation({ path, record: true });
  render(
    <IntlProvider locale={locale} messages={MESSAGES[locale]}>
      <Theme>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <main>
            <ToolsScreen />
          </main>
        </Router>
      </Theme>
    </IntlProvider>,
  );
  return { location, user: userEvent.setup() };
}

describe('ToolsScreen', () => {
  it('lists the tools, both closed', () => {
    renderTools();
    expect(screen.getByRole('heading', { level: 1, name: 'Tools' })).toBeTruthy();
    expect(document.title).toBe('Tools · Lexhub');
    expect(screen.getByRole('heading', { level: 2, name: 'API Explorer' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'WebSocket demo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open the WebSocket demo' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('link', { name: /OpenAPI document/ }).getAttribute('href')).toBe('/v1/openapi.json');
    expect(screen.getByRole('button', { name: 'Open the API Explorer' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('swagger-ui')).toBeNull();
  });

  it('opens the API Explorer into the address (history replace) and closes it again', async () => {
    const { location, user } = renderTools();
    await user.click(screen.getByRole('button', { name: 'Open the API Explorer' }));
    expect((await screen.findByTestId('swagger-ui')).textContent).toBe('/v1/openapi.json');
    expect(location.history).toEqual(['/tools?tool=api-explorer']);
    expect(screen.getByRole('region', { name: 'API Explorer' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Close the API Explorer' }));
    expect(screen.queryByTestId('swagger-ui')).toBeNull();
    expect(location.history).toEqual(['/tools']);
  });

  it('opens with the explorer when the address asks for it, in Czech', async () => {
    renderTools('/tools?tool=api-explorer', 'cs');
    expect(screen.getByRole('heading', { level: 1, name: 'Nástroje' })).toBeTruthy();
    expect(await screen.findByTestId('swagger-ui')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zavřít průzkumník API' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('has no serious or critical axe violations', async () => {
    renderTools('/tools?tool=api-explorer');
    await screen.findByTestId('swagger-ui');
    const report = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const serious = report.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious.map((violation) => violation.id)).toEqual([]);
  });
});
