// 'Go to provision' lists and finds provisions as the text is headed in the language read: an EU
// act read in Czech shows 'Článek 4 Sekretariát' and is found by 'sekretariát' or 'článek 4'.
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Node } from '../../api/contract';
import { setUpComponentTests } from '../../testing/component-tests';
import { renderScreen } from '../../testing/render-screen';
import { NodeJump } from './node-jump';

setUpComponentTests();

const node = (n: number, title: string, titles?: Record<string, string>): Node => ({
  id: `20000000-0000-4000-8000-00000000000${n}`,
  node_type: 'article',
  type: 'Article',
  title,
  ...(titles ? { titles } : {}),
  cite_key: `Article ${n}`,
  external_id: `art-${n}`,
  order_index: n,
  depth: 0,
  derived_parent_id: null,
});
const NODES = [node(1, 'Scope'), node(4, 'Secretariat', { en: 'Secretariat', cs: 'Sekretariát' })];

describe('NodeJump', () => {
  it('lists and searches provisions in the reading language', async () => {
    const onSelect = vi.fn();
    renderScreen(<NodeJump nodes={NODES} lang="cs" onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('button', { name: /Go to provision/ }));
    const search = screen.getByRole('searchbox', { name: /Search by number or heading/ });
    await userEvent.type(search, 'sekretariát');
    expect(screen.getByText('Článek 4')).toBeTruthy();
    expect(screen.getByText('Sekretariát')).toBeTruthy();
    expect(screen.queryByText('Scope')).toBeNull();
    await userEvent.clear(search);
    await userEvent.type(search, 'článek 4');
    await userEvent.click(screen.getByRole('button', { name: /Článek 4/ }));
    expect(onSelect).toHaveBeenCalledWith(NODES[1]!.id);
  });

  it('keeps the stored names in a language the source does not name them in', async () => {
    renderScreen(<NodeJump nodes={NODES} lang="de" onSelect={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: /Go to provision/ }));
    expect(screen.getByText('Secretariat')).toBeTruthy();
  });
});
