// Runs the document page machine in a test: what its children load answered by the test's own
// functions, its navigations recorded, and the children's state at hand. For fake timers: a load
// may wait with `after(ms, value)`.
import { createActor, fromPromise } from 'xstate';
import type { Branch, Document, Node } from '../api/contract';
import {
  documentPageMachine,
  pageDetailMachine,
  pageTextMachine,
  pageVersionsMachine,
  type DocumentPageInput,
} from '../machines/reader/document-page.machine';
import type { FragmentRow, LanguageRow, LoadedText } from '../machines/reader/text-loading.machine';

interface LoadInput {
  documentId: string;
  branch?: string;
  lang?: string;
}

/** The page's loads; those left out (the title, the texts) stay the machine's own. */
export interface DocumentPageLoads {
  loadDocument: (input: LoadInput) => Promise<{ document: Document; nodes: Node[]; lang?: string }>;
  loadTitle?: (input: LoadInput) => Promise<Document>;
  loadBranches: () => Promise<Branch[]>;
  loadLanguages: (input: { documentId: string; branch?: string }) => Promise<LanguageRow[]>;
  loadPage: (
    input: LoadInput & { cursor: string | null },
  ) => Promise<{ items: FragmentRow[]; next_cursor: string | null }>;
  loadTexts?: () => Promise<LoadedText[]>;
}

/** `value` after `ms` of the (fake) clock. */
export const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

export function startDocumentPage(input: DocumentPageInput, loads: DocumentPageLoads) {
  const { loadTitle, loadTexts } = loads;
  const navigations: string[] = [];
  const machine = documentPageMachine.provide({
    actions: { navigate: (_, { path }) => navigations.push(path) },
    actors: {
      detail: pageDetailMachine.provide({
        actors: {
          loadDocument: fromPromise(({ input }: { input: LoadInput }) => loads.loadDocument(input)),
          ...(loadTitle && { loadTitle: fromPromise(({ input }: { input: LoadInput }) => loadTitle(input)) }),
        },
      }),
      versions: pageVersionsMachine.provide({ actors: { loadBranches: fromPromise(() => loads.loadBranches()) } }),
      text: pageTextMachine.provide({
        actors: {
          loadLanguages: fromPromise(({ input }: { input: { documentId: string; branch?: string } }) =>
            loads.loadLanguages(input),
          ),
          loadPage: fromPromise(({ input }: { input: LoadInput & { cursor: string | null } }) => loads.loadPage(input)),
          ...(loadTexts && { loadTexts: fromPromise(() => loadTexts()) }),
        },
      }),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  const context = () => actor.getSnapshot().context;
  const textOf = () => context().text.getSnapshot().context;
  const documentOf = () => context().detail.getSnapshot().context.document;
  return { actor, context, textOf, documentOf, navigations };
}
