// The document page: owns the document (detail), its versions and its text as child actors, and
// the page's address (the canonical `{id}-{slug}`; `?branch=` or `?at=YYYY-MM-DD` for the version,
// the version in force that day; `?p=cl-54/odst-2`, a provision by its structural path, or
// `?node=` by node id; `?lang=` for the reading language). The screen sends the address in
// (`address.change`) and the reader's choices; the machine asks for a new address through the
// `navigate` action the screen provides (history replace). A chosen provision goes into the
// address as `?p=`, which stays valid in every version: switching version keeps the reader at the
// same provision, or the nearest one the version has. Inside a collection the item's pinned
// version is the default branch: read when the address names none.
import { assign, enqueueActions, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Branch, Document, Node } from '../../api/contract';
import { detailPath, documentSegment } from '../../shared/document-path';
import {
  PROVISION_PATH_KEY,
  isProvisionPath,
  isoDateOrUndefined,
  nearestNodeByPath,
  provisionPathOf,
} from '../../shared/provision-path';
import { appStore } from '../../atoms/store';
import { localeAtom } from '../../atoms/shell/locale.atoms';
import { branchSelectionMachine, findBranch } from './branch-selection.machine';
import { documentDetailMachine } from './document-detail.machine';
import { readingPlaceNodeId, textLoadingMachine } from './text-loading.machine';

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
  /** The interface language: a document opens in it when it has text in it and the address names no `lang`. */
  interfaceLang?: string;
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
  const text = readableQuery(params.toString());
  return text ? `?${text}` : '';
}

/** The page's path with some query keys changed. */
export const addressWith = (address: PageAddress, changes: AddressChanges = {}) =>
  `${detailPath(address.basePath, address.segment)}${withQuery(address.search, changes)}`;

const queryValue = (search: string, key: string) => new URLSearchParams(search).get(key) ?? undefined;

/** What an address asks for: the version (a branch, else the `at` date, else the default), provision and language. */
function readAddress(search: string, defaultBranch: string | undefined) {
  const path = queryValue(search, PROVISION_PATH_KEY);
  const lang = queryValue(search, 'lang');
  return {
    branch: queryValue(search, 'branch') ?? isoDateOrUndefined(queryValue(search, 'at')) ?? defaultBranch,
    node: queryValue(search, 'node'),
    path: isProvisionPath(path) ? path : undefined,
    lang: lang && /^[a-z]{2}$/.test(lang) ? lang : undefined,
  };
}

/** `?p=` reads better with its slashes kept: they are allowed in a query. */
const readableQuery = (query: string) => query.replace(/%2F/gi, '/');

/** What the children tell the page. */
type ChildReport =
  | { type: 'versions.settled'; selectedBranchId?: string }
  | { type: 'document.loaded'; document: Document; nodes: Node[] }
  /** The reading language changed: chosen by the reader, or for them (`auto`, the interface language). */
  | { type: 'language.read'; lang: string; auto: boolean };

export type DocumentPageEvent =
  | { type: 'address.change'; search: string }
  /** The interface language now (the screen sends it as it changes: the account's arrives late). */
  | { type: 'interface.language'; lang: string }
  | { type: 'node.select'; nodeId: string }
  | { type: 'branch.select'; branchId: string }
  | { type: 'branches.retry' }
  | { type: 'document.retry' }
  /** The version picker that just appeared asks for the focus held since a version was chosen (once). */
  | { type: 'version.focus_take' }
  /** Raised when the window after a version choice closes with the focus not taken. */
  | { type: 'version.focus_expire' }
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
export const pageTextMachine = textLoadingMachine.provide({
  actions: {
    reportLanguage: sendParent((_, params: { lang: string; auto: boolean }): ChildReport => ({
      type: 'language.read',
      ...params,
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
  /** The address's `branch` (a name or id), else its `at` date, else the default branch; and its `node`. */
  branch?: string;
  defaultBranch?: string;
  node?: string;
  /** The address's provision path (`p`) and reading language (`lang`). */
  path?: string;
  lang?: string;
  /** The structure of the version read (empty while it loads): resolves `p` to a node. */
  nodes: Node[];
  /** The language the text is read in once chosen (by the reader or for them); kept across versions. */
  readingLang?: string;
  interfaceLang?: string;
  /** Whether the versions answered (listed, empty or failed) since they were last asked for. */
  versionsSettled: boolean;
  selectedBranchId?: string;
  /** The branch the document and the text are read in: the address's while the versions are
   * unknown or name it, else main (undefined). */
  textBranch?: string;
  /** A version was chosen in the picker, which the new text rebuilds: the next picker to appear
   * takes the focus the old one had, once, within the window (`versionFocusWindow`). */
  versionFocusPending: boolean;
  detail: ActorRefFrom<typeof pageDetailMachine>;
  versions: ActorRefFrom<typeof pageVersionsMachine>;
  text: ActorRefFrom<typeof pageTextMachine>;
}

/**
 * The branch the text is read in. A name or id: itself while the versions are unknown or name it,
 * else main (undefined). An `at` date: main until the versions tell which one was in force then.
 */
function textBranchOf(
  context: Pick<DocumentPageContext, 'branch' | 'versionsSettled' | 'selectedBranchId'>,
  branches: readonly Branch[] = [],
) {
  if (context.branch === undefined) return undefined;
  if (isoDateOrUndefined(context.branch)) {
    const selected = context.versionsSettled ? findBranch(branches, context.selectedBranchId) : undefined;
    return selected && selected.kind !== 'main' ? selected.name : undefined;
  }
  return !context.versionsSettled || context.selectedBranchId !== undefined ? context.branch : undefined;
}

/** The node the address points at: `node`, else the provision `p` (or the nearest one this version has). */
export function targetNodeId(context: Pick<DocumentPageContext, 'node' | 'path' | 'nodes'>): string | undefined {
  if (context.node !== undefined) return context.node;
  return context.path === undefined ? undefined : nearestNodeByPath(context.nodes, context.path)?.id;
}

/** The provision path of a node of this version, if it is one. */
const pathOfNode = (nodes: readonly Node[], nodeId: string | undefined) => {
  const node = nodeId === undefined ? undefined : nodes.find((candidate) => candidate.id === nodeId);
  return node ? provisionPathOf(node) : undefined;
};

/** The address query that opens this node: `p=` by its path when known, else `node=`. */
export const provisionQuery = (nodes: readonly Node[], nodeId: string): AddressChanges => {
  const path = pathOfNode(nodes, nodeId);
  return path ? { [PROVISION_PATH_KEY]: path, node: undefined } : { node: nodeId, [PROVISION_PATH_KEY]: undefined };
};

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
  actors: { detail: pageDetailMachine, versions: pageVersionsMachine, text: pageTextMachine },
  delays: { versionFocusWindow: 10_000 },
  actions: {
    /** The picker that appears next takes the focus, if it appears within the window. */
    holdVersionFocus: enqueueActions(({ enqueue }) => {
      enqueue.cancel('versionFocusWindow');
      enqueue.assign({ versionFocusPending: true });
      enqueue.raise({ type: 'version.focus_expire' }, { id: 'versionFocusWindow', delay: 'versionFocusWindow' });
    }),
    releaseVersionFocus: enqueueActions(({ enqueue }) => {
      enqueue.cancel('versionFocusWindow');
      enqueue.assign({ versionFocusPending: false });
    }),
    /** Provided by the screen: replace the address with this path. */
    navigate: (_, _params: { path: string }) => {},
    /** Takes a new query: the versions hear of its branch, the text jumps to a new node. */
    applyAddress: enqueueActions(({ context, enqueue }, params: { search: string }) => {
      const { branch, node, path, lang } = readAddress(params.search, context.defaultBranch);
      enqueue.assign({ search: params.search, branch, node, path, lang });
      if (branch !== context.branch) enqueue.sendTo(context.versions, { type: 'branch.request', requested: branch });
      if (lang !== undefined && lang !== context.lang) enqueue.sendTo(context.text, { type: 'language.select', lang });
      const jump =
        node !== undefined
          ? node !== context.node
          : path !== undefined && (path !== context.path || context.node !== undefined);
      enqueue.raise({ type: 'address.applied', jump });
    }),
    /** Reads the document and the text in the branch the address and the versions decide. */
    followBranch: enqueueActions(({ context, enqueue }) => {
      const textBranch = textBranchOf(context, context.versions.getSnapshot().context.branches);
      if (textBranch === context.textBranch) return;
      enqueue.sendTo(context.detail, { type: 'branch.change', branch: textBranch });
      // Node ids and texts belong to one version: a new reading, its structure comes with the
      // document (which then finds `p` in it); the language read so far stays.
      enqueue.stopChild(context.text);
      enqueue.assign({
        textBranch,
        nodes: [],
        text: ({ spawn }) =>
          spawn('text', {
            input: {
              documentId: context.documentId,
              branch: textBranch,
              nodeId: context.node,
              lang: context.lang,
              preferredLang: context.readingLang ?? context.interfaceLang,
            },
          }),
      });
    }),
    /** The document's title follows the reading language. */
    readLanguage: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'language.read') return;
      enqueue.assign({ readingLang: event.lang });
      enqueue.sendTo(context.detail, { type: 'language.change', lang: event.lang });
    }),
    jumpToNode: enqueueActions(({ context, enqueue }) => {
      const nodeId = targetNodeId(context);
      if (nodeId !== undefined) enqueue.sendTo(context.text, { type: 'node.select', nodeId });
    }),
  },
}).createMachine({
  id: 'documentPage',
  context: ({ input, spawn }) => {
    const { branch, node, path, lang } = readAddress(input.search, input.defaultBranch);
    // The screen may name it; else the interface's current language (the app's one store).
    const interfaceLang = input.interfaceLang ?? appStore.get(localeAtom);
    // An `at` date is a version only once the versions are in: main is read meanwhile.
    const textBranch = textBranchOf({ branch, versionsSettled: false, selectedBranchId: undefined });
    // The text starts with the page, beside the document and its versions: it needs only the id.
    return {
      documentId: input.documentId,
      basePath: input.basePath,
      segment: input.idSlug,
      search: input.search,
      branch,
      defaultBranch: input.defaultBranch,
      node,
      path,
      lang,
      nodes: [],
      interfaceLang,
      versionsSettled: false,
      textBranch,
      versionFocusPending: false,
      detail: spawn('detail', { input: { documentId: input.documentId, branch: textBranch, lang } }),
      versions: spawn('versions', { input: { documentId: input.documentId, requested: branch } }),
      text: spawn('text', {
        input: {
          documentId: input.documentId,
          branch: textBranch,
          nodeId: node,
          lang,
          preferredLang: interfaceLang,
        },
      }),
    };
  },
  on: {
    'address.change': {
      // Our own navigation comes back as the address we already hold.
      guard: ({ context, event }) => event.search.replace(/^\?/, '') !== context.search,
      actions: { type: 'applyAddress', params: ({ event }) => ({ search: event.search.replace(/^\?/, '') }) },
    },
    // A document opens in the interface language: one that changes (the account's language applied
    // after the page opened, or chosen by the user) is followed while the reader chose none.
    'interface.language': {
      guard: ({ context, event }) => event.lang !== context.interfaceLang,
      actions: enqueueActions(({ context, event, enqueue }) => {
        enqueue.assign({ interfaceLang: event.lang });
        enqueue.sendTo(context.text, { type: 'language.prefer', lang: event.lang });
      }),
    },
    'address.applied': [
      { guard: ({ event }) => event.jump, actions: ['followBranch', 'jumpToNode'] },
      { actions: 'followBranch' },
    ],
    // Every choice of a node, even the same one again, scrolls the text to it.
    'node.select': [
      { guard: ({ context, event }) => event.nodeId === targetNodeId(context), actions: 'jumpToNode' },
      { actions: changeAddress('node.select', ({ context, event }) => provisionQuery(context.nodes, event.nodeId)) },
    ],
    'branch.select': {
      // Node ids belong to one version, provision paths to all: the new version opens at the
      // provision the reader is at (the chosen one while on screen, else the first one on screen).
      actions: [
        'holdVersionFocus',
        ...changeAddress('branch.select', ({ context, event }) => {
          const place = readingPlaceNodeId(context.text.getSnapshot().context, targetNodeId(context));
          return {
            branch: findBranch(context.versions.getSnapshot().context.branches, event.branchId)?.name,
            at: undefined,
            node: undefined,
            [PROVISION_PATH_KEY]: pathOfNode(context.nodes, place) ?? context.path,
          };
        }),
      ],
    },
    'version.focus_take': { actions: 'releaseVersionFocus' },
    'version.focus_expire': { actions: 'releaseVersionFocus' },
    // The reader's choice goes into the address (`?lang=`); one made for them does not.
    'language.read': [
      {
        guard: ({ context, event }) => !event.auto && event.lang !== context.lang,
        actions: ['readLanguage', ...changeAddress('language.read', ({ event }) => ({ lang: event.lang }))],
      },
      { actions: 'readLanguage' },
    ],
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
        enqueue.assign({ nodes: event.nodes });
        enqueue.sendTo(context.text, { type: 'nodes.loaded', nodeOrder });
        // `p` names a provision of any version: now this version's node is known, go there.
        const place = context.node === undefined && context.path !== undefined;
        const nodeId = place ? nearestNodeByPath(event.nodes, context.path!)?.id : undefined;
        if (nodeId !== undefined) enqueue.sendTo(context.text, { type: 'node.select', nodeId });
        // A wrong or missing slug is corrected in place, keeping the query. The slug is the
        // original title's: a title shown in another language does not move the page.
        const segment = documentSegment(event.document.id, event.document.metadata.title);
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
/** The provision the address points at (`node`, or `p` resolved in this version). */
export const selectNode = (s: DocumentPageSnapshot) => targetNodeId(s.context);
/** The address's provision path, or the path of its `node`: for links to the same provision elsewhere. */
export const selectProvisionPath = (s: DocumentPageSnapshot) =>
  s.context.path ?? pathOfNode(s.context.nodes, s.context.node);
export const selectSegment = (s: DocumentPageSnapshot) => s.context.segment;
export const selectSearch = (s: DocumentPageSnapshot) => s.context.search;
/** Whether the next version picker takes the focus (then it sends `version.focus_take`). */
export const selectVersionFocusPending = (s: DocumentPageSnapshot) => s.context.versionFocusPending;
