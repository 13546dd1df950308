// The structure tree: labels in both languages, the filter (matches plus ancestors), empty
// states, missing parents, keyboard selection, and only the rows near the viewport rendered.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Theme } from '@radix-ui/themes';
import { VirtuosoMockContext } from 'react-virtuoso';
import type { Node } from '../../api/contract';
import type { Locale } from '../../i18n/locale';
import { MESSAGES } from '../../i18n/messages';
import { StructureTree } from './structure-tree';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const node = (n: number, node_type: string, cite_key: string, parent?: number, depth = 0): Node => ({
  id: uuid(n),
  node_type,
  type: node_type,
  title: null,
  cite_key,
  external_id: `path-${n}`,
  order_index: n,
  depth,
  derived_parent_id: parent === undefined ? null : uuid(parent),
});

const NODES = [
  node(1, 'title', 'Hlava 1'),
  node(2, 'article', 'Čl. 1', 1, 1),
  node(3, 'paragraph', 'odst. 1', 2, 2),
  node(4, 'clause', 'písm. a)', 3, 3),
  node(5, 'article', 'Čl. 54', 1, 1),
  node(6, 'title', 'Hlava 2'),
  node(7, 'schedule', 'Příloha'),
  node(8, 'marginalia', 'Poznámka'),
];

/** jsdom lays nothing out: the virtual list is told its viewport and row heights. */
function renderTree(nodes: Node[], locale: Locale = 'en', onSelect = vi.fn(), viewportHeight = 10_000) {
  render(
    <IntlProvider locale={locale} messages={MESSAGES[locale]}>
      <Theme>
        <VirtuosoMockContext.Provider value={{ viewportHeight, itemHeight: 24 }}>
          <StructureTree nodes={nodes} onSelect={onSelect} />
        </VirtuosoMockContext.Provider>
      </Theme>
    </IntlProvider>,
  );
  return onSelect;
}
const LONG_TITLE = 'Zahájení preventivní restrukturalizace a povinnosti podnikatele vůči dotčeným stranám';
const items = () => screen.queryAllByRole('treeitem');
const citeKeys = () => items().map((item) => item.querySelector('.structure-tree-cite')?.textContent);

// jsdom has no ResizeObserver; Radix's ScrollArea and Select only need it to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe('StructureTree', () => {
  afterEach(cleanup);

  it('opens to depth 2 at first, and shows each heading whole with no type column', () => {
    renderTree([...NODES.slice(0, 1), { ...node(2, 'article', 'Čl. 1', 1, 1), title: LONG_TITLE }, ...NODES.slice(2)]);
    // 'písm. a)' is at depth 3: hidden until its paragraph is opened.
    expect(citeKeys()).toEqual(['Hlava 1', 'Čl. 1', 'odst. 1', 'Čl. 54', 'Hlava 2', 'Příloha', 'Poznámka']);
    expect(items()[1]?.textContent).toContain(LONG_TITLE);
    expect(document.querySelector('.structure-tree-type')).toBeNull();
    expect(items()[2]).toHaveProperty('ariaExpanded', 'false');
    expect(items()[0]).toHaveProperty('ariaExpanded', 'true');
  });

  it('filters by cite key, type or external id, keeping every ancestor', () => {
    renderTree(NODES, 'cs');
    const filter = screen.getByRole('searchbox', { name: 'Filtrovat strukturu' });
    fireEvent.change(filter, { target: { value: 'PÍSM' } });
    expect(citeKeys()).toEqual(['Hlava 1', 'Čl. 1', 'odst. 1', 'písm. a)']);
    fireEvent.change(filter, { target: { value: 'schedule' } });
    expect(citeKeys()).toEqual(['Příloha']);
    fireEvent.change(filter, { target: { value: 'path-5' } });
    expect(citeKeys()).toEqual(['Hlava 1', 'Čl. 54']);
  });

  it('says when the filter finds nothing, in both languages', () => {
    renderTree(NODES, 'cs');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'xyz' } });
    expect(screen.getByRole('status').textContent).toBe('Žádné výsledky pro xyz');
    cleanup();
    renderTree(NODES, 'en');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'xyz' } });
    expect(screen.getByRole('status').textContent).toBe('No results for xyz');
  });

  it('says when the document has no structure', () => {
    renderTree([], 'cs');
    expect(screen.getByRole('status').textContent).toBe('Dokument nemá strukturu');
    cleanup();
    renderTree([], 'en');
    expect(screen.getByRole('status').textContent).toBe('The document has no structure');
  });

  it('shows a node whose parent is missing as a root, with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderTree([node(1, 'title', 'Hlava 1'), node(9, 'article', 'Čl. 9', 99, 1)]);
    expect(citeKeys()).toEqual(['Hlava 1', 'Čl. 9']);
    expect(items()[1]).toHaveProperty('ariaLevel', '1');
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('moves, opens, closes and selects with the keyboard', () => {
    const onSelect = renderTree(NODES, 'en');
    const tree = screen.getByRole('tree');
    const first = within(tree).getAllByRole('treeitem')[0]!;
    expect(first.tabIndex).toBe(0);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowLeft' });
    expect(citeKeys()).toEqual(['Hlava 1', 'Hlava 2', 'Příloha', 'Poznámka']);
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('Čl. 1');
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(uuid(2));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(citeKeys()).toContain('písm. a)');
  });

  it('renders only the rows near the viewport of a large tree, with their place among siblings', () => {
    const many = [
      node(1, 'title', 'Hlava 1'),
      ...Array.from({ length: 2000 }, (_, i) => node(i + 2, 'article', `Čl. ${i + 1}`, 1, 1)),
    ];
    const onSelect = renderTree(many, 'en', vi.fn(), 600);
    const shown = items();
    expect(shown.length).toBeGreaterThan(20);
    expect(shown.length).toBeLessThan(100);
    expect(screen.getByRole('tree', { name: 'Document structure' })).toBeTruthy();
    expect(shown[0]).toHaveProperty('ariaExpanded', 'true');
    expect(shown[2]).toHaveProperty('ariaLevel', '2');
    expect(shown[2]).toHaveProperty('ariaPosInSet', '2');
    expect(shown[2]).toHaveProperty('ariaSetSize', '2000');
    // Exactly one row is in the tab order.
    expect(shown.filter((item) => item.tabIndex === 0)).toHaveLength(1);
    fireEvent.keyDown(shown[0]!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(uuid(2));
  });
});
