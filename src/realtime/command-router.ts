// Turns the commands that arrive on the user's channel into Jotai atom updates: every command
// joins the automation events list, then an exhaustive switch per prefix does what it asks
// (navigate, open the quick search, add an assistant message, keep a translation preview).
import type { createStore } from '../atoms/store';
import type { z } from 'zod';
import { quickSearchInitialQueryAtom, quickSearchOpenAtom } from '../atoms/reader/quick-search.atoms';
import {
  automationEventsAtom,
  copilotMessagesAtom,
  copilotSearchResultsAtom,
  MAX_AUTOMATION_EVENTS,
  MAX_EVENT_SUMMARY,
  nextCopilotId,
  pendingNavigationAtom,
  translationPreviewAtom,
  type AutomationEvent,
  type AutomationLink,
} from '../atoms/copilot/copilot.atoms';
import { documentPath } from '../shared/document-path';
import {
  COMMAND_PREFIXES,
  CommandMessage,
  KNOWN_PAYLOADS,
  parseServerMessage,
  type KnownCommand,
  type ServerMessage,
} from './protocol';

export type JotaiStore = ReturnType<typeof createStore>;
type Prefix = (typeof COMMAND_PREFIXES)[number] extends infer P ? (P extends `${infer Name}.` ? Name : never) : never;

/** Parses one raw frame; a command is routed. Answers the parsed message, or null when malformed (ignored). */
export function routeServerText(store: JotaiStore, text: string): ServerMessage | null {
  const message = parseServerMessage(text);
  if (message && 'cmd' in message) routeCommand(store, message);
  return message;
}

/** Applies one validated command; anything else is ignored. */
export function routeCommand(store: JotaiStore, input: CommandMessage): void {
  const parsed = CommandMessage.safeParse(input);
  if (!parsed.success) return;
  const message = parsed.data;
  const prefix = message.cmd.slice(0, message.cmd.indexOf('.')) as Prefix;
  store.set(automationEventsAtom, (events) => [eventOf(message), ...events].slice(0, MAX_AUTOMATION_EVENTS));
  switch (prefix) {
    case 'tool':
      return routeTool(store, message);
    case 'editor':
      return routeEditor(store, message);
    case 'search':
      return routeSearch(store, message);
    case 'chat':
    case 'copilot':
      return routeAssistant(store, message);
    default:
      return assertNever(prefix);
  }
}

/** The typed payload of a known command (already validated by CommandMessage). */
function payloadOf<C extends KnownCommand>(cmd: C, message: CommandMessage): z.output<(typeof KNOWN_PAYLOADS)[C]> {
  return KNOWN_PAYLOADS[cmd].parse(message.payload) as z.output<(typeof KNOWN_PAYLOADS)[C]>;
}

function routeTool(store: JotaiStore, message: CommandMessage) {
  if (message.cmd === 'tool.navigate') store.set(pendingNavigationAtom, payloadOf('tool.navigate', message).path);
  // Other tool.* commands are listed only.
}

function routeEditor(store: JotaiStore, message: CommandMessage) {
  if (message.cmd === 'editor.open') {
    store.set(pendingNavigationAtom, editorOpenPath(payloadOf('editor.open', message)));
  } else if (message.cmd === 'editor.translation_preview') {
    const payload = payloadOf('editor.translation_preview', message);
    store.set(translationPreviewAtom, {
      text: payload.translation_preview,
      fragmentId: payload.fragment_id,
      language: payload.language,
      ts: message.ts,
    });
  }
}

function routeSearch(store: JotaiStore, message: CommandMessage) {
  let query: string | undefined;
  if (message.cmd === 'search.results') {
    const payload = payloadOf('search.results', message);
    store.set(copilotSearchResultsAtom, { q: payload.q, items: payload.items, ts: message.ts });
    query = payload.q;
  } else if (message.cmd === 'search.query') {
    query = payloadOf('search.query', message).q;
  } else if (typeof message.payload.q === 'string') {
    query = message.payload.q;
  }
  if (query === undefined) return;
  store.set(quickSearchInitialQueryAtom, query);
  store.set(quickSearchOpenAtom, true);
}

/** `chat.message` and any chat.* / copilot.* command with text content become messages; copilot.tool_call is an event only. */
function routeAssistant(store: JotaiStore, message: CommandMessage) {
  let role: 'assistant' | 'user' | 'system' = 'assistant';
  let content: string | undefined;
  if (message.cmd === 'chat.message') {
    ({ role, content } = payloadOf('chat.message', message));
  } else if (message.cmd !== 'copilot.tool_call' && typeof message.payload.content === 'string') {
    content = message.payload.content;
  }
  if (content === undefined || content === '') return;
  const text = content;
  store.set(copilotMessagesAtom, (messages) => [
    ...messages,
    { id: nextCopilotId('msg'), role, content: text, at: message.ts, source: 'channel' },
  ]);
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

function eventOf(message: CommandMessage): AutomationEvent {
  const { summary, links } = describe(message);
  return { id: nextCopilotId('evt'), cmd: message.cmd, summary: cutSummary(summary), ts: message.ts, links };
}

function describe(message: CommandMessage): { summary: string; links?: AutomationLink[] } {
  const payload = message.payload;
  switch (message.cmd) {
    case 'tool.navigate': {
      const { path } = payloadOf('tool.navigate', message);
      return { summary: path, links: [{ label: path, href: path }] };
    }
    case 'editor.open': {
      const path = editorOpenPath(payloadOf('editor.open', message));
      return { summary: path, links: [{ label: path, href: path }] };
    }
    case 'editor.translation_preview':
      return { summary: payloadOf('editor.translation_preview', message).translation_preview };
    case 'search.query':
      return { summary: payloadOf('search.query', message).q };
    case 'search.results': {
      const { q, items } = payloadOf('search.results', message);
      const label = (item: (typeof items)[number]) => item.external_id ?? item.title ?? item.document_id;
      return {
        summary: items.length > 0 ? `${q}: ${items.map(label).join(', ')}` : q,
        links: items
          .slice(0, 5)
          .map((item) => ({ label: label(item), href: documentPath(item.document_id, item.title ?? '') })),
      };
    }
    case 'chat.message':
      return { summary: payloadOf('chat.message', message).content };
    case 'copilot.tool_call': {
      const { name, summary } = payloadOf('copilot.tool_call', message);
      return { summary: summary ? `${name}: ${summary}` : name };
    }
    default:
      return { summary: typeof payload.summary === 'string' ? payload.summary : JSON.stringify(payload) };
  }
}

function assertNever(value: never): never {
  throw new Error(`unhandled command prefix: ${String(value)}`);
}
