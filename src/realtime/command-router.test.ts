// The command router: every command joins the events list (newest 25, summaries cut at 160
// characters), and each command updates its atom: navigation (app paths only; others refused),
// quick search, assistant messages, the translation preview. Malformed frames never reach it.
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createStore } from '../atoms/store';
import {
  automationEventsAtom,
  copilotMessagesAtom,
  copilotSearchResultsAtom,
  MAX_AUTOMATION_EVENTS,
  MAX_EVENT_SUMMARY,
  pendingNavigationAtom,
  refusedNavigationAtom,
  translationPreviewAtom,
} from '../atoms/copilot/copilot.atoms';
import { quickSearchInitialQueryAtom, quickSearchOpenAtom } from '../atoms/reader/quick-search.atoms';
import { noticeArrivalsAtom } from '../atoms/notices/notices.atoms';
import type { JotaiStore } from '../atoms/store';
import { commandHandlers, cutSummary, editorOpenPath, routeCommand, type CommandHandlers } from './command-router';
import { CommandMessage, parseCommand, parseServerMessage, type KnownCommand, type ServerMessage } from './protocol';

const USER = '7f1d8a3e-2b4c-4d5e-8f60-718293a4b5c6';
const DOC = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';
const NODE = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const frameOf = (cmd: string, payload: Record<string, unknown>, ts = 1_700_000_000_000) => ({
  type: 'command',
  cmd,
  channel: `user:${USER}`,
  payload,
  ts,
});
/** A command as the socket edge hands it over: parsed (so a test cannot route a malformed one). */
const command = (cmd: string, payload: Record<string, unknown>, ts?: number) =>
  CommandMessage.parse(frameOf(cmd, payload, ts));
const frame = (cmd: string, payload: Record<string, unknown>) => JSON.stringify(frameOf(cmd, payload));
/** What the live connection does with a raw frame: parse it once, route a command. */
function receive(store: JotaiStore, text: string): ServerMessage | null {
  const message = parseServerMessage(text);
  if (message?.type === 'command') routeCommand(store, message);
  return message;
}

describe('routeCommand', () => {
  it('tool.navigate asks for the path', () => {
    const store = createStore();
    routeCommand(store, command('tool.navigate', { path: '/documents?q=ustava' }));
    expect(store.get(pendingNavigationAtom)).toBe('/documents?q=ustava');
    expect(store.get(automationEventsAtom)[0]).toMatchObject({
      cmd: 'tool.navigate',
      summary: '/documents?q=ustava',
      ts: 1_700_000_000_000,
    });
  });

  it('editor.open goes to its path, or to /documents/{id}?node={node}', () => {
    const store = createStore();
    routeCommand(store, command('editor.open', { document_id: DOC, node_id: NODE }));
    expect(store.get(pendingNavigationAtom)).toBe(`/documents/${DOC}?node=${NODE}`);
    routeCommand(store, command('editor.open', { document_id: DOC, path: `/documents/${DOC}-ustava?node=${NODE}` }));
    expect(store.get(pendingNavigationAtom)).toBe(`/documents/${DOC}-ustava?node=${NODE}`);
    expect(editorOpenPath({ document_id: DOC })).toBe(`/documents/${DOC}`);
  });

  it('editor.translation_preview keeps the latest preview', () => {
    const store = createStore();
    routeCommand(store, command('editor.translation_preview', { translation_preview: 'First', language: 'en' }, 1));
    routeCommand(store, command('editor.translation_preview', { translation_preview: 'Second', fragment_id: NODE }, 2));
    expect(store.get(translationPreviewAtom)).toEqual({ text: 'Second', fragmentId: NODE, language: undefined, ts: 2 });
    expect(store.get(pendingNavigationAtom)).toBeNull();
    // The events list links the proposal to the editor of its fragment (none without a fragment).
    const [second, first] = store.get(automationEventsAtom);
    expect(second?.links).toEqual([{ label: `/editor/${NODE}`, href: `/editor/${NODE}` }]);
    expect(first?.links).toBeUndefined();
  });

  it('editor.translation_preview carries origin and score when given', () => {
    const store = createStore();
    routeCommand(
      store,
      command(
        'editor.translation_preview',
        { translation_preview: 'Text', fragment_id: NODE, origin: 'fuzzy', score: 88 },
        3,
      ),
    );
    expect(store.get(translationPreviewAtom)).toMatchObject({ origin: 'fuzzy', score: 88 });
  });

  it('search.query opens the quick search with the query', () => {
    const store = createStore();
    routeCommand(store, command('search.query', { q: 'ústava' }));
    expect(store.get(quickSearchOpenAtom)).toBe(true);
    expect(store.get(quickSearchInitialQueryAtom)).toBe('ústava');
  });

  it('search.results opens the quick search with the query and keeps the results', () => {
    const store = createStore();
    routeCommand(
      store,
      command(
        'search.results',
        { q: 'volby', items: [{ document_id: DOC, title: 'Ústava České republiky', external_id: '1/1993 Sb.' }] },
        7,
      ),
    );
    expect(store.get(quickSearchOpenAtom)).toBe(true);
    expect(store.get(quickSearchInitialQueryAtom)).toBe('volby');
    expect(store.get(copilotSearchResultsAtom)).toEqual({
      q: 'volby',
      items: [{ document_id: DOC, title: 'Ústava České republiky', external_id: '1/1993 Sb.' }],
      ts: 7,
    });
    const [event] = store.get(automationEventsAtom);
    expect(event!.summary).toBe('volby: 1/1993 Sb.');
    expect(event!.links).toEqual([{ label: '1/1993 Sb.', href: `/documents/${DOC}-ustava-ceske-republiky` }]);
  });

  it('chat.message adds a message with its role; copilot.* with content adds an assistant message', () => {
    const store = createStore();
    routeCommand(store, command('chat.message', { role: 'assistant', content: 'Hotovo.' }, 5));
    routeCommand(store, command('copilot.note', { content: 'Otevírám dokument.' }, 6));
    expect(
      store.get(copilotMessagesAtom).map(({ role, content, at, source }) => ({ role, content, at, source })),
    ).toEqual([
      { role: 'assistant', content: 'Hotovo.', at: 5, source: 'channel' },
      { role: 'assistant', content: 'Otevírám dokument.', at: 6, source: 'channel' },
    ]);
  });

  it('copilot.tool_call is listed as an event only', () => {
    const store = createStore();
    routeCommand(store, command('copilot.tool_call', { name: 'search_documents', summary: 'volby prezidenta' }));
    expect(store.get(copilotMessagesAtom)).toEqual([]);
    expect(store.get(automationEventsAtom)[0]!.summary).toBe('search_documents: volby prezidenta');
  });

  it.each([
    ['tool.navigate', { path: '//evil.example/x' }],
    ['tool.navigate', { path: '/\\evil.example' }],
    ['tool.navigate', { path: '/\\evil.example/x' }],
    // Control characters: the URL parser drops tabs and newlines, which could make `//`.
    ['tool.navigate', { path: '/\t/evil.example/x' }],
    ['tool.navigate', { path: '/\u0000x' }],
    ['editor.open', { document_id: DOC, path: '//evil.example/x' }],
    // The URL parser folds these dot segments into `//evil.example/login`.
    ['tool.navigate', { path: '/..//evil.example/login' }],
    ['tool.navigate', { path: '/.%2e//evil.example' }],
    ['editor.open', { document_id: DOC, path: '/a/../..//evil' }],
  ])('refuses %s to another origin: listed as refused, not followed', (cmd, payload) => {
    const store = createStore();
    routeCommand(store, command(cmd, payload, 9));
    expect(store.get(pendingNavigationAtom)).toBeNull();
    expect(store.get(refusedNavigationAtom)).toEqual({ cmd, path: payload.path, ts: 9 });
    const [event] = store.get(automationEventsAtom);
    // The summary folds whitespace (a tab shows as a space).
    expect(event).toMatchObject({ cmd, summary: cutSummary(payload.path), refused: true });
    expect(event!.links).toBeUndefined();
  });

  it('lists unknown commands of a known prefix with their payload', () => {
    const store = createStore();
    routeCommand(store, command('tool.highlight', { node: 'cl-54' }));
    expect(store.get(automationEventsAtom)[0]).toMatchObject({ cmd: 'tool.highlight', summary: '{"node":"cl-54"}' });
    expect(store.get(pendingNavigationAtom)).toBeNull();
  });

  it('tool.notice is listed with its summary and tells the notices banner (another tool.* does not)', () => {
    const store = createStore();
    routeCommand(store, command('tool.highlight', { node: 'cl-54' }));
    expect(store.get(noticeArrivalsAtom)).toBe(0);
    routeCommand(store, command('tool.notice', { summary: 'A new version of GDPR was imported' }));
    routeCommand(store, command('tool.notice', { summary: 'A new version of Ústava was imported' }));
    expect(store.get(noticeArrivalsAtom)).toBe(2);
    expect(store.get(automationEventsAtom)[0]).toMatchObject({
      cmd: 'tool.notice',
      summary: 'A new version of Ústava was imported',
    });
  });

  it('keeps the newest 25 events, newest first', () => {
    const store = createStore();
    for (let index = 0; index < 30; index += 1)
      routeCommand(store, command('tool.navigate', { path: `/p${index}` }, index));
    const events = store.get(automationEventsAtom);
    expect(events).toHaveLength(MAX_AUTOMATION_EVENTS);
    expect(events[0]!.summary).toBe('/p29');
    expect(events[24]!.summary).toBe('/p5');
  });

  it('cuts summaries at 160 characters', () => {
    const store = createStore();
    const long = 'Každý má právo '.repeat(30);
    routeCommand(store, command('copilot.tool_call', { name: 'read', summary: long }));
    const summary = store.get(automationEventsAtom)[0]!.summary;
    expect(summary).toHaveLength(MAX_EVENT_SUMMARY);
    expect(summary.endsWith('…')).toBe(true);
    expect(summary.startsWith('read: Každý má právo')).toBe(true);
    expect(cutSummary('x'.repeat(160))).toBe('x'.repeat(160));
    expect(cutSummary('x'.repeat(161))).toBe(`${'x'.repeat(159)}…`);
  });
});

describe('a raw frame through the socket edge', () => {
  afterEach(() => vi.restoreAllMocks());

  it('routes a command frame and passes events through without routing', () => {
    const store = createStore();
    expect(receive(store, frame('tool.navigate', { path: '/tools' }))).toMatchObject({ cmd: 'tool.navigate' });
    expect(store.get(pendingNavigationAtom)).toBe('/tools');
    expect(receive(store, JSON.stringify({ type: 'ready', user_id: USER }))).toEqual({
      type: 'ready',
      user_id: USER,
    });
    expect(store.get(automationEventsAtom)).toHaveLength(1);
  });

  it.each([
    ['not JSON', '{oops'],
    ['an unknown prefix', frame('admin.delete', { all: true })],
    ['a bad known payload', frame('tool.navigate', { path: 'http://evil.example' })],
    ['a non-string path', frame('tool.navigate', { path: 42 })],
    ['a missing channel', JSON.stringify({ type: 'command', cmd: 'tool.navigate', payload: { path: '/' }, ts: 1 })],
    [
      'another kind of channel',
      JSON.stringify({ type: 'command', cmd: 'tool.navigate', channel: 'room:1', payload: { path: '/' }, ts: 1 }),
    ],
    ['a bad editor.open', frame('editor.open', { document_id: 'not-a-uuid' })],
    ['a command without its type', JSON.stringify({ ...frameOf('tool.navigate', { path: '/' }), type: undefined })],
  ])('ignores %s, with a warning', (_name, text) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createStore();
    expect(receive(store, text)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]![0])).toMatch(/^live channel: dropped a malformed frame/);
    expect(store.get(automationEventsAtom)).toEqual([]);
    expect(store.get(pendingNavigationAtom)).toBeNull();
  });

  it('refuses a malformed known command at the edge, with the payload field named', () => {
    const parsed = parseCommand(frameOf('search.results', { q: 'x', items: 'nope' }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['payload', 'items']);
  });
});

describe('commandHandlers', () => {
  it('has one handler per known command (a missing one does not compile)', () => {
    const { 'copilot.tool_call': omitted, ...others } = commandHandlers;
    // @ts-expect-error copilot.tool_call has no handler
    const incomplete: CommandHandlers = others;
    expectTypeOf<keyof CommandHandlers>().toEqualTypeOf<KnownCommand>();
    expect(omitted).toBeTypeOf('function');
    expect(Object.keys(commandHandlers).sort()).toEqual(
      [
        'chat.message',
        'copilot.tool_call',
        'editor.open',
        'editor.translation_preview',
        'search.query',
        'search.results',
        'tool.navigate',
      ].sort(),
    );
    expect(incomplete['copilot.tool_call']).toBeUndefined();
  });

  it('reset drops the preview and search results that may be stale, and keeps what was seen', () => {
    const store = createStore();
    routeCommand(store, command('editor.translation_preview', { translation_preview: 'Article 54' }));
    routeCommand(store, command('search.results', { q: 'ustava', items: [] }));
    routeCommand(store, command('chat.message', { role: 'assistant', content: 'Hello' }));
    routeCommand(store, { type: 'reset', channel: `user:${USER}` });
    expect(store.get(translationPreviewAtom)).toBeNull();
    expect(store.get(copilotSearchResultsAtom)).toBeNull();
    expect(store.get(copilotMessagesAtom)).toHaveLength(1);
    expect(store.get(automationEventsAtom)).toHaveLength(3);
  });
});
