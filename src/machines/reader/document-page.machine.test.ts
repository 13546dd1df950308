// The document page on fake timers: its children start together with the address's branch and
// node, the branch follows the versions (a name the document lacks falls back to main), the
// reader's choices become the address, the slug is corrected in place, and our own navigation
// coming back as an address change changes nothing.
import { describe, expect, it, vi } from 'vitest';
import { after, startDocumentPage } from '../../testing/document-page-kit';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { DOCUMENT_ID, branchOf, documentIn, nodeAt } from '../../testing/reader-fixtures';

const ID = DOCUMENT_ID;
const SEGMENT = `${ID}-ustava-ceske-republiky`;
const BRANCHES = [branchOf('b-main', 'main'), branchOf('b-1993', 'snapshot-1993-01-01')];
const DOCUMENT = documentIn('main');
const NODE = nodeAt('n1', 7);

function start({
  idSlug = SEGMENT,
  search = '',
  defaultBranch,
}: { idSlug?: string; search?: string; defaultBranch?: string } = {}) {
  const documentLoads: Array<string | undefined> = [];
  const textStarts: Array<{ branch?: string; nodeId?: string }> = [];
  const page = startDocumentPage(
    { documentId: ID, idSlug, basePath: '', search, defaultBranch },
    {
      loadDocument: ({ branch }) => {
        documentLoads.push(branch);
        return after(20, { document: DOCUMENT, nodes: [NODE] });
      },
      loadBranches: () => after(50, BRANCHES),
      loadLanguages: async ({ branch }) => {
        textStarts.push({ branch });
        return [];
      },
      loadPage: async () => ({ items: [], next_cursor: null }),
    },
  );
  return { ...page, documentLoads, textStarts };
}

describe('document page machine', () => {
  fakeTimersInEachTest();

  it('starts the document, the versions and the text at once, with the address branch and node', async () => {
    const page = start({ search: 'branch=snapshot-1993-01-01&node=n1' });
    expect(page.documentLoads).toEqual(['snapshot-1993-01-01']);
    expect(page.textOf()).toMatchObject({ branch: 'snapshot-1993-01-01', jumpNodeId: 'n1' });
    await vi.advanceTimersByTimeAsync(50);
    // The versions know the name: nothing reloads.
    expect(page.context().textBranch).toBe('snapshot-1993-01-01');
    expect(page.documentLoads).toEqual(['snapshot-1993-01-01']);
    expect(page.textStarts).toEqual([{ branch: 'snapshot-1993-01-01' }]);
  });

  it('falls back to main when the versions do not know the address branch', async () => {
    const page = start({ search: 'branch=snapshot-2000-01-01' });
    const firstText = page.context().text;
    await vi.advanceTimersByTimeAsync(50);
    expect(page.context().textBranch).toBeUndefined();
    expect(page.documentLoads).toEqual(['snapshot-2000-01-01', undefined]);
    expect(page.context().text).not.toBe(firstText);
    expect(page.textOf().branch).toBeUndefined();
  });

  it('tells the text the structure once the document is in', async () => {
    const page = start();
    expect(page.textOf().nodesKnown).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(page.textOf()).toMatchObject({ nodesKnown: true, nodeOrder: { n1: 7 } });
  });

  it('corrects a wrong slug in place, keeping the query', async () => {
    const page = start({ idSlug: `${ID}-wrong`, search: 'node=n1' });
    await vi.advanceTimersByTimeAsync(20);
    expect(page.navigations).toEqual([`/documents/${SEGMENT}?node=n1`]);
    expect(page.context().segment).toBe(SEGMENT);
  });

  it('puts a chosen node in the address and jumps to it, even to the same node again', async () => {
    const page = start({ search: 'lang=cs' });
    await vi.advanceTimersByTimeAsync(50);
    page.actor.send({ type: 'node.select', nodeId: 'n1' });
    // By its structural path, which every version shares.
    expect(page.navigations).toEqual([`/documents/${SEGMENT}?lang=cs&p=cl-1`]);
    expect(page.textOf().jumpNodeId).toBe('n1');
    // Our own navigation comes back: nothing more happens.
    page.actor.send({ type: 'address.change', search: 'lang=cs&p=cl-1' });
    expect(page.navigations).toHaveLength(1);
    const jumps = vi.fn();
    page.context().text.subscribe(() => jumps());
    page.actor.send({ type: 'node.select', nodeId: 'n1' });
    expect(jumps).toHaveBeenCalled();
    expect(page.navigations).toHaveLength(1);
  });

  it('reads a chosen version at the same provision, by name and path in the address', async () => {
    const page = start({ search: 'node=n1' });
    await vi.advanceTimersByTimeAsync(50);
    page.actor.send({ type: 'branch.select', branchId: 'b-1993' });
    expect(page.navigations).toEqual([`/documents/${SEGMENT}?branch=snapshot-1993-01-01&p=cl-1`]);
    expect(page.context()).toMatchObject({ branch: 'snapshot-1993-01-01', node: undefined, path: 'cl-1' });
    expect(page.context().versions.getSnapshot().context.selectedBranchId).toBe('b-1993');
    expect(page.context().textBranch).toBe('snapshot-1993-01-01');
    expect(page.documentLoads).toEqual([undefined, 'snapshot-1993-01-01']);
    // The old version's node ids mean nothing here: the new structure resolves the path.
    expect(page.textOf()).toMatchObject({ branch: 'snapshot-1993-01-01', jumpNodeId: undefined });
    await vi.advanceTimersByTimeAsync(20);
    expect(page.textOf().jumpNodeId).toBe('n1');
  });

  it('follows the address when it changes from outside (back, links)', async () => {
    const page = start();
    await vi.advanceTimersByTimeAsync(50);
    page.actor.send({ type: 'address.change', search: '?node=n1' });
    expect(page.textOf().jumpNodeId).toBe('n1');
    page.actor.send({ type: 'address.change', search: 'branch=b-1993&node=n1' });
    expect(page.context().textBranch).toBe('b-1993');
    expect(page.textOf()).toMatchObject({ branch: 'b-1993', jumpNodeId: 'n1' });
    expect(page.navigations).toEqual([]);
  });

  it('reads a collection pin when the address names no version, and the address version when it does', async () => {
    const page = start({ defaultBranch: 'b-1993' });
    expect(page.documentLoads).toEqual(['b-1993']);
    expect(page.textOf().branch).toBe('b-1993');
    await vi.advanceTimersByTimeAsync(50);
    expect(page.context().versions.getSnapshot().context.selectedBranchId).toBe('b-1993');
    expect(page.context().textBranch).toBe('b-1993');
    // A link to the latest version names main: it wins over the pin…
    page.actor.send({ type: 'address.change', search: 'branch=main' });
    expect(page.context().textBranch).toBe('main');
    expect(page.context().versions.getSnapshot().context.selectedBranchId).toBe('b-main');
    // …and back without a branch the pin applies again.
    page.actor.send({ type: 'address.change', search: '' });
    expect(page.context().textBranch).toBe('b-1993');
    expect(page.textOf().branch).toBe('b-1993');
    expect(page.navigations).toEqual([]);
  });

  it('lets a branch in the opening address win over the pin', async () => {
    const page = start({ defaultBranch: 'b-1993', search: 'branch=main' });
    expect(page.documentLoads).toEqual(['main']);
    await vi.advanceTimersByTimeAsync(50);
    expect(page.context().textBranch).toBe('main');
    expect(page.context().versions.getSnapshot().context.selectedBranchId).toBe('b-main');
  });
});
