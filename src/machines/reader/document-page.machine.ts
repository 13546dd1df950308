// The document page: owns the document (detail), its versions and its text as child actors, and
// the page's address (`?branch=`, `?node=`, the canonical `{id}-{slug}`). The screen sends the
// address in (`address.change`) and the reader's choices; the machine asks for a new address
// through the `navigate` action the screen provides (history replace). Inside a collection the
// item's pinned version is the default branch: read when the address names none.
import { assign, enqueueActions, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Document, Node } from '../../api/contract';
import { detailPath, documentSegment } from '../../shared/document-path';
import { branchSelectionMachine, findBranch } from './branch-selection.machine';
import { documentDetailMachine } from './document-detail.machine';
import { textLoadingMachine } from './text-loading.machine';

export interface DocumentPageInput {
  documentId: string;
  /** The path segment as addressed (maybe with a wrong or missing slug). */
  idSlug: string;
  /** The path before `/documents/...` ('' publicly). */
  basePath: string;
  /** The address's query, without '?'. */
  search: string;
  /**
   * The version read when the address names none (a collection's pinned branch id); a `branch`
   * in the address wins. Undefined: main.
   */
  defaultBranch?: string;
}

/** The page's address, from which every link and `navigate` is built. */
export interface PageAddress {
  basePath: string;
  segment: string;
  search: string;
}

export type AddressChanges = Record<string, string | undefined>;

/** The current query with some keys set or removed (undefined), as `?a=b` or ''. */
export function withQuery(search: string, changes: AddressChanges): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The page's path with some query keys changed. */
export const addressWith = (address: PageAddress, changes: AddressChanges = {}) =>
  `${detailPath(address.basePath, address.segment)}${withQuery(address.search, changes)}`;

const queryValue = (search: string, key: string) => new URLSearchParams(search).get(key) ?? undefined;

/** What the children tell the page. */
type ChildReport =
  | { type: 'versions.settled'; selectedBranchId?: string }
  | { type: 'document.loaded'; document: Document; nodes: Node[] };

export type DocumentPageEvent =
  | { type: 'address.change'; search: string }
  | { type: 'node.select'; nodeId: string }
  | { type: 'branch.select'; branchId: string }
  | { type: 'branches.retry' }
  | { type: 'document.retry' }
  | ChildReport
  /** Raised once a new address is taken: follow its branch, and jump if its node moved. */
  | { type: 'address.applied'; jump: boolean };

/** The children as the page runs them: each tells the page what it needs to know. */
export const pageDetailMachine = documentDetailMachine.provide({
  actions: {
    reportLoaded: sendParent(({ context }): ChildReport => ({
      type: 'document.loaded',
      document: context.document!,
      nodes: context.nodes,
    })),
  },
});
export const pageVersionsMachine = branchSelectionMachine.provide({
  actions: {
    reportSelection: sendParent(({ context }): ChildReport => ({
      type: 'versions.settled',
      selectedBranchId: context.selectedBranchId,
    })),
  },
});

export interface DocumentPageContext extends PageAddress {
  documentId: string;
  /** The address's `branch` (a name or id), else the default branch; and its `node`. */
  branch?: string;
  defaultBranch?: string;
  node?: string;
  /** Whether the versions answered (listed, empty or failed) since they were last asked for. */
  versionsSettled: boolean;
  selectedBranchId?: string;
  /** The branch the document and the text are read in: the address's while the versions are
   * unknown or name it, else main (undefined). */
  textBranch?: string;
  detail: ActorRefFrom<typeof pageDetailMachine>;
  versions: ActorRefFrom<typeof pageVersionsMachine>;
  text: ActorRefFrom<typeof textLoadingMachine>;
}

const textBranchOf = (context: Pick<DocumentPageContext, 'branch' | 'versionsSettled' | 'selectedBranchId'>) =>
  context.branch !== undefined && (!context.versionsSettled || context.selectedBranchId !== undefined)
    ? context.branch
    : undefined;

type EventOf<T extends DocumentPageEvent['type']> = Extract<DocumentPageEvent, { type: T }>;

/** Takes the page's address with these query changes at once, and asks the screen for it. */
function changeAddress<T extends DocumentPageEvent['type']>(
  _type: T,
  changes: (args: { context: DocumentPageContext; event: EventOf<T> }) => AddressChanges,
) {
  const next = (args: { context: DocumentPageContext; event: EventOf<T> }) =>
    withQuery(args.context.search, changes(args)).slice(1);
  return [
    {
      type: 'applyAddress',
      params: (args: { context: DocumentPageContext; event: EventOf<T> }) => ({ search: next(args) }),
    },
    {
      type: 'navigate',
      params: (args: { context: DocumentPageContext; event: EventOf<T> }) => ({
        path: addressWith({ ...args.context, search: next(args) }),
      }),
    },
  ] as const;
}

export const documentPageMachine = setup({
  types: {
    context: {} as DocumentPageContext,
    events: {} as DocumentPageEvent,
    input: {} as DocumentPageInput,
  },
  actors: { detail: pageDetailMachine, versions: pageVersionsMachine, text: textLoadingMachine },
  actions: {
    /** Provided by the screen: replace the address with this path. */
    navigate: (_, _params: { path: string }) => {},
    /** Takes a new query: the versions hear of its branch, the text jumps to a new node. */
    applyAddress: enqueueActions(({ context, enqueue }, params: { search: string }) => {
      const branch = queryValue(params.search, 'branch') ?? context.defaultBranch;
      const node = queryValue(params.search, 'node');
      enqueue.assign({ search: params.search, branch, node });
      if (branch !== context.branch) enqueue.sendTo(context.versions, { type: 'branch.request', requested: branch });
      enqueue.raise({ type: 'address.applied', jump: node !== undefined && node !== context.node });
    }),
    /** Reads the document and the text in the branch the address and the versions decide. */
    followBranch: enqueueActions(({ context, enqueue }) => {
      const textBranch = textBranchOf(context);
      if (textBranch === context.textBranch) return;
      enqueue.sendTo(context.detail, { type: 'branch.change', branch: textBranch });
      // Node ids and texts belong to one version: a new reading, its structure comes with the document.
      enqueue.stopChild(context.text);
      enqueue.assign({
        textBranch,
        text: ({ spawn }) =>
          spawn('text', { input: { documentId: context.documentId, branch: textBranch, nodeId: context.node } }),
      });
    }),
    jumpToNode: enqueueActions(({ context, enqueue }) => {
      if (context.node !== undefined) enqueue.sendTo(context.text, { type: 'node.select', nodeId: context.node });
    }),
  },
}).createMachine({
  id: 'documentPage',
  context: ({ input, spawn }) => {
    const branch = queryValue(input.search, 'branch') ?? input.defaultBranch;
    const node = queryValue(input.search, 'node');
    // The text starts with the page, beside the document and its versions: it needs only the id.
    return {
      documentId: input.documentId,
      basePath: input.basePath,
      segment: input.idSlug,
      search: input.search,
      branch,
      defaultBranch: input.defaultBranch,
      node,
      versionsSettled: false,
      textBranch: branch,
      detail: spawn('detail', { input: { documentId: input.documentId, branch } }),
      versions: spawn('versions', { input: { documentId: input.documentId, requested: branch } }),
      text: spawn('text', { input: { documentId: input.documentId, branch, nodeId: node } }),
    };
  },
  on: {
    'address.change': {
      // Our own navigation comes back as the address we already hold.
      guard: ({ context, event }) => event.search.replace(/^\?/, '') !== context.search,
      actions: { type: 'applyAddress', params: ({ event }) => ({ search: event.search.replace(/^\?/, '') }) },
    },
    'address.applied': [
      { guard: ({ event }) => event.jump, actions: ['followBranch', 'jumpToNode'] },
      { actions: 'followBranch' },
    ],
    // Every choice of a node, even the same one again, scrolls the text to it.
    'node.select': [
      { guard: ({ context, event }) => event.nodeId === context.node, actions: 'jumpToNode' },
      { actions: changeAddress('node.select', ({ event }) => ({ node: event.nodeId })) },
    ],
    'branch.select': {
      // Node ids belong to one version: a new version starts at its top.
      actions: changeAddress('branch.select', ({ context, event }) => ({
        branch: findBranch(context.versions.getSnapshot().context.branches, event.branchId)?.name,
        node: undefined,
      })),
    },
    'versions.settled': {
      actions: [
        assign({ versionsSettled: true, selectedBranchId: ({ event }) => event.selectedBranchId }),
        'followBranch',
      ],
    },
    'branches.retry': {
      actions: [
        assign({ versionsSettled: false, selectedBranchId: undefined }),
        'followBranch',
        enqueueActions(({ context, enqueue }) => enqueue.sendTo(context.versions, { type: 'branches.retry' })),
      ],
    },
    'document.retry': {
      actions: enqueueActions(({ context, enqueue }) => enqueue.sendTo(context.detail, { type: 'document.retry' })),
    },
    'document.loaded': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const nodeOrder = Object.fromEntries(event.nodes.map((node) => [node.id, node.order_index]));
        enqueue.sendTo(context.text, { type: 'nodes.loaded', nodeOrder });
        // A wrong or missing slug is corrected in place, keeping the query.
        const segment = documentSegment(event.document.id, event.document.title);
        if (segment === context.segment) return;
        enqueue.assign({ segment });
        enqueue({ type: 'navigate', params: { path: addressWith({ ...context, segment }) } });
      }),
    },
  },
});

// Narrow selectors for the screen.
type DocumentPageSnapshot = SnapshotFrom<typeof documentPageMachine>;
export const selectDetail = (s: DocumentPageSnapshot) => s.context.detail;
export const selectVersions = (s: DocumentPageSnapshot) => s.context.versions;
export const selectText = (s: DocumentPageSnapshot) => s.context.text;
export const selectTextBranch = (s: DocumentPageSnapshot) => s.context.textBranch;
export const selectNode = (s: DocumentPageSnapshot) => s.context.node;
export const selectSegment = (s: DocumentPageSnapshot) => s.context.segment;
export const selectSearch = (s: DocumentPageSnapshot) => s.context.search;
