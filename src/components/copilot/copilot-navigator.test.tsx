// @vitest-environment jsdom
// The Copilot's two ends of a navigation command: a navigation the browser refuses becomes an error
// toast and the Copilot stays mounted, and the events list links only app paths of this origin.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { automationEventsAtom, pendingNavigationAtom } from '../../atoms/copilot/copilot.atoms';
import { createStore } from '../../atoms/store';
import { sameOriginAppPath } from '../../realtime/app-path';
import { setUpComponentTests } from '../../testing/component-tests';
import { renderScreen } from '../../testing/render-screen';
import { CopilotEventsList } from './copilot-events-list';
import { CopilotNavigator } from './copilot-navigator';

setUpComponentTests();

/** A location hook whose navigate throws, as history.pushState does for another origin. */
const refusingLocation = (): [string, (to: string) => void] => [
  '/',
  () => {
    throw new DOMException('pushState refused', 'SecurityError');
  },
];

describe('CopilotNavigator', () => {
  it('shows a navigation the browser refuses as an error and keeps the Copilot mounted', async () => {
    const store = createStore();
    store.set(pendingNavigationAtom, '/documents/x');
    renderScreen(
      <Router hook={refusingLocation}>
        <CopilotNavigator />
        <p>copilot still here</p>
      </Router>,
      { store, toasts: true },
    );
    expect(await screen.findByText(/asked to open an address outside Lexhub/)).toBeTruthy();
    expect(screen.getByText('/documents/x')).toBeTruthy();
    expect(screen.getByText('copilot still here')).toBeTruthy();
    expect(store.get(pendingNavigationAtom)).toBeNull();
  });
});

describe('CopilotEventsList', () => {
  it('renders a link only to an app path of this origin', () => {
    const store = createStore();
    const hrefs = [
      '/documents/x?node=1',
      '//evil.example/login',
      '/..//evil.example',
      'https://evil.example',
      '/\\evil',
    ];
    store.set(automationEventsAtom, [
      {
        id: 'evt-1',
        cmd: 'tool.navigate',
        ts: 0,
        summary: 'links',
        links: hrefs.map((href) => ({ label: `label ${href}`, href })),
      },
    ]);
    renderScreen(<CopilotEventsList />, { store });
    const links = within(screen.getByRole('list')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/documents/x?node=1']);
    for (const link of links) expect(sameOriginAppPath(link.getAttribute('href')!)).toBe(link.getAttribute('href'));
  });
});
