// The readable address on fake timers: `?p=` finds a provision by its structural path in any
// version (or the nearest one), `?at=` reads the version in force on a day, `?lang=` and the
// interface language choose the reading language, and a version switch keeps the reader's place.
import { describe, expect, it, vi } from 'vitest';
import type { Branch, Node } from '../../api/contract';
import { after, startDocumentPage } from '../../testing/document-page-kit';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { DOCUMENT_ID, branchOf, documentIn, nodeAt } from '../../testing/reader-fixtures';
import type { FragmentRow, LanguageRow } from './text-loading.machine';

const SEGMENT = `${DOCUMENT_ID}-ustava-ceske-republiky`;
const dated = (id: string, name: string, validFrom: string): Branch => ({
  ...branchOf(id, name),
  valid_from: validFrom,
});
const BRANCHES = [dated('b-main', 'main', '2026-01-01'), dated('b-1993', 'snapshot-1993-01-01', '1993-01-01')];
const node = (id: string, path: string, order: number): Node => ({ ...nodeAt(id, order), external_id: path });
/** Each version has its own node ids; 1993 has no Čl. 54 odst. 3 and no Čl. 10a. */
const NODES: Record<string, Node[]> = {
  main: [node('m-cl-10a', 'cl-10a', 0), node('m-cl-54', 'cl-54', 1), node('m-cl-54-3', 'cl-54/odst-3', 2)],
  'snapshot-1993-01-01': [node('o-cl-10', 'cl-10', 0), node('o-cl-54', 'cl-54', 1)],
};
const fragmentOf = (nodeId: string, i: number): FragmentRow => ({
  id: `f-${nodeId}`,
  node_id: nodeId,
  language_id: 1,
  language_code: 'en',
  cite_key: null,
  fragment_uid: `u${i}`,
  group_id: '00000000-0000-0000-0000-000000000000',
  has_text: true,
  seq: i,
});

function start(search: string, { languages = [] as LanguageRow[], interfaceLang = 'en' } = {}) {
  const documentLoads: Array<{ branch?: string; lang?: string }> = [];
  const pages: Array<{ branch?: string; lang?: string }> = [];
  const page = startDocumentPage(
    { documentId: DOCUMENT_ID, idSlug: SEGMENT, basePath: '', search, interfaceLang },
    {
      loadDocument: ({ branch, lang }) => {
        documentLoads.push({ branch, lang });
        return after(20, { document: documentIn('main'), nodes: NODES[branch ?? 'main']!, lang });
      },
      loadTitle: async ({ lang }) => ({ ...documentIn('main'), title: `title in ${lang}`, title_language: lang }),
      loadBranches: () => after(50, BRANCHES),
      loadLanguages: async () => languages,
      loadPage: ({ branch, lang }) => {
        pages.push({ branch, lang });
        const items = NODES[branch ?? 'main']!.map((n, i) => ({ ...fragmentOf(n.id, i), language_code: lang ?? 'en' }));
        return after(10, { items, next_cursor: null });
      },
      loadTexts: async () => [],
    },
  );
  return { ...page, documentLoads, pages };
}

describe('the readable address of the document page', () => {
  fakeTimersInEachTest();

  it('opens a provision by its path (?p=) once the structure is in', async () => {
    const page = start('p=cl-54/odst-3');
    expect(page.textOf().jumpNodeId).toBeUndefined();
    await vi.advanceTimersByTimeAsync(20);
    expect(page.textOf().jumpNodeId).toBe('m-cl-54-3');
    expect(page.navigations).toEqual([]);
  });

  it('keeps accepting ?node=, and puts a chosen provision in the address as ?p=', async () => {
    const page = start('node=m-cl-10a');
    expect(page.textOf().jumpNodeId).toBe('m-cl-10a');
    await vi.advanceTimersByTimeAsync(50);
    page.actor.send({ type: 'node.select', nodeId: 'm-cl-54-3' });
    expect(page.navigations).toEqual([`/documents/${SEGMENT}?p=cl-54/odst-3`]);
    expect(page.textOf().jumpNodeId).toBe('m-cl-54-3');
  });

  it('reads the version in force on the ?at= date, main meanwhile', async () => {
    const page = start('at=2015-06-30&p=cl-54');
    expect(page.documentLoads).toEqual([{ branch: undefined, lang: undefined }]);
    await vi.advanceTimersByTimeAsync(50);
    expect(page.context().versions.getSnapshot().context.selectedBranchId).toBe('b-1993');
    expect(page.context().textBranch).toBe('snapshot-1993-01-01');
    await vi.advanceTimersByTimeAsync(20);
    expect(page.textOf()).toMatchObject({ branch: 'snapshot-1993-01-01', jumpNodeId: 'o-cl-54' });
  });

  it('reads main without a reload when ?at= falls in its time', async () => {
    const page = start('at=2026-03-01');
    await vi.advanceTimersByTimeAsync(100);
    expect(page.context().versions.getSnapshot().context.selectedBranchId).toBe('b-main');
    expect(page.documentLoads).toHaveLength(1);
    expect(page.textOf().branch).toBeUndefined();
  });

  it('switches version at the same provision, or the nearest one the version has', async () => {
    const page = start('p=cl-54/odst-3');
    await vi.advanceTimersByTimeAsync(50);
    page.actor.send({ type: 'branch.select', branchId: 'b-1993' });
    expect(page.navigations).toEqual([`/documents/${SEGMENT}?p=cl-54/odst-3&branch=snapshot-1993-01-01`]);
    await vi.advanceTimersByTimeAsync(20);
    // 1993 has no odst. 3: its article.
    expect(page.textOf().jumpNodeId).toBe('o-cl-54');
  });

  it('switches version at the provision on screen when the reader scrolled away from the chosen one', async () => {
    const page = start('p=cl-10a');
    await vi.advanceTimersByTimeAsync(60);
    page.context().text.send({ type: 'list.rangeChanged', start: 1, end: 2 });
    page.actor.send({ type: 'branch.select', branchId: 'b-1993' });
    expect(page.context().path).toBe('cl-54');
  });

  it('opens in the interface language when the document has it, and titles it so', async () => {
    const languages: LanguageRow[] = [
      { language_id: 2, iso_639_1: 'en', name: 'English', fragments: 3 },
      { language_id: 1, iso_639_1: 'cs', name: 'Czech', fragments: 3 },
    ];
    const page = start('', { languages, interfaceLang: 'cs' });
    await vi.advanceTimersByTimeAsync(30);
    expect(page.pages).toEqual([{ lang: undefined }, { lang: 'cs' }]);
    expect(page.textOf().lang).toBe('cs');
    expect(page.documentOf()?.title).toBe('title in cs');
    // Chosen for the reader: the address stays as it was.
    expect(page.navigations).toEqual([]);
  });

  it('follows the interface language when it changes after the page opened (the account language arrives late)', async () => {
    const languages: LanguageRow[] = [
      { language_id: 2, iso_639_1: 'en', name: 'English', fragments: 3 },
      { language_id: 1, iso_639_1: 'cs', name: 'Czech', fragments: 3 },
    ];
    // Opened under a Czech interface: read and titled in Czech.
    const page = start('', { languages, interfaceLang: 'cs' });
    await vi.advanceTimersByTimeAsync(30);
    expect(page.textOf().lang).toBe('cs');
    // The interface becomes English: so does the reading, and the title; the address stays.
    page.actor.send({ type: 'interface.language', lang: 'en' });
    await vi.advanceTimersByTimeAsync(30);
    expect(page.textOf().lang).toBe('en');
    expect(page.documentOf()?.title).toBe('title in en');
    expect(page.navigations).toEqual([]);
    // A language the reader chose (?lang=) is not overridden.
    const chosen = start('lang=cs', { languages, interfaceLang: 'cs' });
    await vi.advanceTimersByTimeAsync(30);
    chosen.actor.send({ type: 'interface.language', lang: 'en' });
    await vi.advanceTimersByTimeAsync(30);
    expect(chosen.textOf().lang).toBe('cs');
  });

  it('stays in the document language when the interface language is not among its languages', async () => {
    const languages: LanguageRow[] = [{ language_id: 2, iso_639_1: 'en', name: 'English', fragments: 3 }];
    const page = start('', { languages, interfaceLang: 'cs' });
    await vi.advanceTimersByTimeAsync(30);
    expect(page.pages).toEqual([{ lang: undefined }]);
    expect(page.textOf().lang).toBe('en');
  });

  it('reads ?lang= over the interface language, and puts the reader choice into the address', async () => {
    const languages: LanguageRow[] = [
      { language_id: 2, iso_639_1: 'en', name: 'English', fragments: 3 },
      { language_id: 1, iso_639_1: 'cs', name: 'Czech', fragments: 3 },
    ];
    const page = start('lang=en', { languages, interfaceLang: 'cs' });
    await vi.advanceTimersByTimeAsync(30);
    expect(page.pages).toEqual([{ lang: 'en' }]);
    expect(page.documentLoads[0]).toEqual({ branch: undefined, lang: 'en' });
    page.context().text.send({ type: 'language.select', lang: 'cs' });
    expect(page.navigations).toEqual([`/documents/${SEGMENT}?lang=cs`]);
    await vi.advanceTimersByTimeAsync(30);
    expect(page.documentOf()?.title).toBe('title in cs');
    // A version switch keeps the language read.
    page.actor.send({ type: 'branch.select', branchId: 'b-1993' });
    expect(page.textOf().lang).toBe('cs');
  });
});
