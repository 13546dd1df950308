// Turns the commands that arrive on the user's channel (parsed once at the socket edge) into Jotai
// atom updates: each known command has its handler in an exhaustive map, every command joins the
// automation events list, and navigation goes only to the app's own paths (others are refused).
// A `reset` (messages were missed and can no longer be replayed) drops the live state that may
// be stale.
import type { JotaiStore } from '../atoms/store';
import { quickSearchInitialQueryAtom, quickSearchOpenAtom } from '../atoms/reader/quick-search.atoms';
import { NOTICE_COMMAND } from '../api/contract/notices';
import { noticeArrivalsAtom } from '../atoms/notices/notices.atoms';
import {
  automationEventsAtom,
  copilotMessagesAtom,
  copilotSearchResultsAtom,
  MAX_AUTOMATION_EVENTS,
  MAX_EVENT_SUMMARY,
  nextCopilotId,
  pendingNavigationAtom,
  refusedNavigationAtom,
  translationPreviewAtom,
  type AutomationLink,
  type CopilotMessage,
} from '../atoms/copilot/copilot.atoms';
import { assertNever } from '../shared/assert-never';
import { documentPath } from '../shared/document-path';
import { sameOriginAppPath } from './app-path';
import {
  isListedCommand,
  type Command,
  type CommandMessage,
  type ResetMessage,
  type UnlistedCommand,
} from './protocol';

/** What the live connection hands the router: a command, or the news that some were missed. */
export type RoutedMessage = CommandMessage | ResetMessage;

/** One handler per known command: a command without one does not compile. */
export type CommandHandlers = {
  [K in Command['cmd']]: (store: JotaiStore, command: Extract<Command, { cmd: K }>) => void;
};

export const commandHandlers: CommandHandlers = {
  'tool.navigate': (store, command) => navigate(store, command, command.payload.path),
  'editor.open': (store, command) => navigate(store, command, editorOpenPath(command.payload)),
  'editor.translation_preview': (store, command) => {
    const payload = command.payload;
    // Where the proposal can be reviewed when the editor is not open on that fragment.
    const editor = payload.fragment_id ? `/editor/${payload.fragment_id}` : undefined;
    listEvent(store, command, {
      summary: payload.translation_preview,
      ...(editor ? { links: [{ label: editor, href: editor }] } : {}),
    });
    store.set(translationPreviewAtom, {
      text: payload.translation_preview,
      fragmentId: payload.fragment_id,
      language: payload.language,
      ...(payload.origin ? { origin: payload.origin } : {}),
      ...(payload.score !== undefined ? { score: payload.score } : {}),
      ts: command.ts,
    });
  },
  'search.query': (store, command) => {
    listEvent(store, command, { summary: command.payload.q });
    openQuickSearch(store, command.payload.q);
  },
  'search.results': (store, command) => {
    const { q, items } = command.payload;
    const label = (item: (typeof items)[number]) => item.external_id ?? item.title ?? item.document_id;
    listEvent(store, command, {
      summary: items.length > 0 ? `${q}: ${items.map(label).join(', ')}` : q,
      links: items
        .slice(0, 5)
        .map((item) => ({ label: label(item), href: documentPath(item.document_id, item.title ?? '') })),
    });
    store.set(copilotSearchResultsAtom, { q, items, ts: command.ts });
    openQuickSearch(store, q);
  },
  'chat.message': (store, command) => {
    listEvent(store, command, { summary: command.payload.content });
    addMessage(store, command, command.payload.role, command.payload.content);
  },
  // A tool the Copilot called is listed only.
  'copilot.tool_call': (store, command) => {
    const { name, summary } = command.payload;
    listEvent(store, command, { summary: summary ? `${name}: ${summary}` : name });
  },
};

/** Applies one command (or reset) that the socket edge already validated. */
export function routeCommand(store: JotaiStore, command: RoutedMessage): void {
  if (command.type === 'reset') resetLiveState(store);
  else if (isListedCommand(command)) dispatch(store, command);
  else routeUnlisted(store, command);
}

/**
 * Messages were missed and cannot be replayed: a shown translation preview or search result may
 * have been replaced by one that never arrived, so they go; the user asks again. What the user
 * has already seen (the conversation, the events list) stays; a navigation is never replayed.
 */
function resetLiveState(store: JotaiStore): void {
  store.set(translationPreviewAtom, null);
  store.set(copilotSearchResultsAtom, null);
}

function dispatch<C extends Command>(store: JotaiStore, command: C): void {
  // The map is keyed by `cmd`, so the handler found is the one for this command's member.
  const handler = commandHandlers[command.cmd as C['cmd']] as (store: JotaiStore, command: C) => void;
  handler(store, command);
}

/**
 * A well-formed command the app does not know by name: listed with its summary (or its payload),
 * and in the namespaces where a field says what to do, done (a search `q`, a message `content`).
 */
function routeUnlisted(store: JotaiStore, command: UnlistedCommand): void {
  const payload = command.payload;
  listEvent(store, command, {
    summary: typeof payload.summary === 'string' ? payload.summary : JSON.stringify(payload),
  });
  const namespace = namespaceOf(command.cmd);
  switch (namespace) {
    case 'tool':
      // A new notice: the banner reloads its list.
      if (command.cmd === NOTICE_COMMAND) store.set(noticeArrivalsAtom, (count) => count + 1);
      return;
    case 'editor':
      return;
    case 'search':
      if (typeof payload.q === 'string') openQuickSearch(store, payload.q);
      return;
    case 'chat':
    case 'copilot':
      if (typeof payload.content === 'string') addMessage(store, command, 'assistant', payload.content);
      return;
    default:
      return assertNever(namespace, 'command namespace');
  }
}

type Namespace = 'tool' | 'editor' | 'search' | 'chat' | 'copilot';
/** CommandName admits only these five namespaces. */
const namespaceOf = (cmd: string) => cmd.slice(0, cmd.indexOf('.')) as Namespace;

/** Moves the page to an app path; another origin is refused and shown, never followed. */
function navigate(store: JotaiStore, command: CommandMessage, path: string) {
  const target = sameOriginAppPath(path);
  if (target === null) {
    listEvent(store, command, { summary: path, refused: true });
    store.set(refusedNavigationAtom, { cmd: command.cmd, path, ts: command.ts });
    return;
  }
  listEvent(store, command, { summary: path, links: [{ label: path, href: target }] });
  store.set(pendingNavigationAtom, target);
}

function openQuickSearch(store: JotaiStore, query: string) {
  store.set(quickSearchInitialQueryAtom, query);
  store.set(quickSearchOpenAtom, true);
}

function addMessage(store: JotaiStore, command: CommandMessage, role: CopilotMessage['role'], content: string) {
  if (content === '') return;
  store.set(copilotMessagesAtom, (messages) => [
    ...messages,
    { id: nextCopilotId('msg'), role, content, at: command.ts, source: 'channel' },
  ]);
}

/** The command joins the automation events, newest first. */
function listEvent(
  store: JotaiStore,
  command: CommandMessage,
  event: { summary: string; links?: AutomationLink[]; refused?: true },
) {
  const listed = {
    ...event,
    id: nextCopilotId('evt'),
    cmd: command.cmd,
    ts: command.ts,
    summary: cutSummary(event.summary),
    payload: command.payload as Record<string, unknown>,
  };
  store.set(automationEventsAtom, (events) => [listed, ...events].slice(0, MAX_AUTOMATION_EVENTS));
}

/** `editor.open`'s own path when it has one, else /documents/{id}?node={node}. */
export function editorOpenPath(payload: { document_id: string; node_id?: string; path?: string }): string {
  if (payload.path) return payload.path;
  return `/documents/${payload.document_id}${payload.node_id ? `?node=${encodeURIComponent(payload.node_id)}` : ''}`;
}

/** Cut to MAX_EVENT_SUMMARY characters, the ellipsis included; whitespace runs folded. */
export function cutSummary(text: string, max = MAX_EVENT_SUMMARY): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
