// The Copilot conversation on fake timers: setup loading, the prompt rules (trim, empty ignored,
// redaction, only-sensitive not sent), the streaming flag, failures kept as ApiErrors, the one retry
// after a refused session or changed templates, the reused session, and clearing (messages, events, session).
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { createStore } from '../../atoms/store';
import { ApiError } from '../../api/client';
import type { ChatRequest, CopilotSession } from '../../api/contract/copilot';
import { automationEventsAtom, copilotMessagesAtom } from '../../atoms/copilot/copilot.atoms';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import {
  conversationActions,
  copilotChatMachine,
  selectRedactions,
  selectSensitiveOnly,
  selectTemplatesUnavailable,
  type ChatSetup,
} from './copilot-chat.machine';
import { copilotSessionMachine } from './copilot-session.machine';
import { copilotSession } from './copilot-fixtures';

const SETUP: ChatSetup = { templateHash: 'hash-1', template: 'lexhub.chat.v1', chatUrl: '/copilot/chat' };

interface Stream {
  input: { url: string; session: CopilotSession; request: ChatRequest };
  send: (
    event: { type: 'chat.chunk'; text: string } | { type: 'chat.done' } | { type: 'chat.failed'; error: unknown },
  ) => void;
  cancelled: boolean;
}

function start(options: { loadSetup?: () => Promise<ChatSetup>; issue?: () => Promise<CopilotSession> } = {}) {
  const store = createStore();
  const streams: Stream[] = [];
  let sessions = 0;
  const issue = vi.fn(options.issue ?? (async () => copilotSession(`s${++sessions}`)));
  const loadSetup = vi.fn(options.loadSetup ?? (async () => SETUP));
  const actor = createActor(
    copilotChatMachine.provide({
      actors: {
        loadSetup: fromPromise(() => loadSetup()),
        copilotSession: copilotSessionMachine.provide({ actors: { issueSession: fromPromise(() => issue()) } }),
        streamReply: fromCallback(({ input, sendBack }) => {
          const stream: Stream = { input: input as Stream['input'], send: sendBack, cancelled: false };
          streams.push(stream);
          return () => {
            stream.cancelled = true;
          };
        }),
      },
      actions: conversationActions(store),
    }),
  ).start();
  const messages = () => store.get(copilotMessagesAtom);
  const flush = () => vi.advanceTimersByTimeAsync(0);
  const activate = async () => {
    actor.send({ type: 'chat.activate' });
    await flush();
  };
  const send = async (text: string) => {
    actor.send({ type: 'chat.send', text, conversation: store.get(copilotMessagesAtom) });
    await flush();
  };
  const last = () => streams[streams.length - 1]!;
  return { actor, store, streams, issue, loadSetup, messages, flush, activate, send, last };
}

fakeTimersInEachTest();

describe('copilotChatMachine', () => {
  it('loads nothing until activated, then the templates and chat address', async () => {
    const h = start();
    await h.flush();
    expect(h.loadSetup).not.toHaveBeenCalled();
    await h.activate();
    expect(h.loadSetup).toHaveBeenCalledTimes(1);
    expect(h.actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('warns when the templates are unavailable, and loads again on reload', async () => {
    let calls = 0;
    const h = start({
      loadSetup: async () => {
        calls += 1;
        if (calls === 1) throw new Error('404');
        return SETUP;
      },
    });
    await h.activate();
    expect(selectTemplatesUnavailable(h.actor.getSnapshot())).toBe(true);
    await h.send('hello');
    expect(h.messages()).toEqual([]);
    h.actor.send({ type: 'chat.reload' });
    await h.flush();
    expect(h.actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('ignores an empty or blank prompt', async () => {
    const h = start();
    await h.activate();
    await h.send('   \n ');
    expect(h.messages()).toEqual([]);
    expect(h.issue).not.toHaveBeenCalled();
    expect(selectSensitiveOnly(h.actor.getSnapshot())).toBe(false);
  });

  it('does not send a prompt that held only sensitive values', async () => {
    const h = start();
    await h.activate();
    await h.send('  jana.novakova@example.com, +420 603 123 456  ');
    expect(selectSensitiveOnly(h.actor.getSnapshot())).toBe(true);
    expect(selectRedactions(h.actor.getSnapshot())).toBe(2);
    expect(h.messages()).toEqual([]);
    expect(h.issue).not.toHaveBeenCalled();
    expect(h.streams).toHaveLength(0);
    expect(h.actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('sends the trimmed, redacted prompt and streams the reply, streaming until it ends', async () => {
    const h = start();
    await h.activate();
    await h.send('  Co říká čl. 54? Napište mi na jana@example.com  ');
    expect(selectRedactions(h.actor.getSnapshot())).toBe(1);
    const [question, reply] = h.messages();
    expect(question).toMatchObject({ role: 'user', content: 'Co říká čl. 54? Napište mi na [EMAIL]' });
    expect(reply).toMatchObject({ role: 'assistant', content: '', streaming: true });

    expect(h.last().input.url).toBe('/copilot/chat');
    expect(h.last().input.request).toEqual({
      session_id: 's1',
      nonce: 'nonce-s1',
      scope: 'chat',
      messages: [{ role: 'user', content: 'Co říká čl. 54? Napište mi na [EMAIL]' }],
      template: 'lexhub.chat.v1',
      template_hash: 'hash-1',
      // The server keeps the turn under this id for the History tab.
      conversation_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });

    h.last().send({ type: 'chat.chunk', text: 'Čl. 54 ' });
    h.last().send({ type: 'chat.chunk', text: 'říká…' });
    expect(h.messages()[1]).toMatchObject({ content: 'Čl. 54 říká…', streaming: true });
    h.last().send({ type: 'chat.done' });
    expect(h.messages()[1]!.streaming).toBe(false);
    expect(h.messages()[1]!.content).toBe('Čl. 54 říká…');
    expect(h.actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('reuses the session for the next prompt and sends the conversation so far', async () => {
    const h = start();
    await h.activate();
    await h.send('first');
    h.last().send({ type: 'chat.chunk', text: 'answer one' });
    h.last().send({ type: 'chat.done' });
    await h.send('second');
    expect(h.issue).toHaveBeenCalledTimes(1);
    expect(h.last().input.request.messages).toEqual([
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'answer one' },
      { role: 'user', content: 'second' },
    ]);
  });

  it('marks the reply as failed with the ApiError (no text of its own) when the request fails', async () => {
    const h = start();
    await h.activate();
    await h.send('question');
    h.last().send({ type: 'chat.chunk', text: 'partial' });
    h.last().send({
      type: 'chat.failed',
      error: new ApiError(502, 'copilot_model_failed', { message: 'The model did not answer.' }),
    });
    expect(h.messages()[1]).toMatchObject({
      role: 'assistant',
      content: '',
      streaming: false,
      error: { kind: 'request', error: { status: 502, detail: 'copilot_model_failed' } },
    });
    expect(h.actor.getSnapshot().matches('idle')).toBe(true);
  });

  it.each([
    [401, 'not_authenticated'],
    [403, 'csrf_failed'],
  ] as const)(
    'says login is required when the session is refused with %i, and gives other statuses',
    async (status, detail) => {
      const h = start({
        issue: async () => {
          throw new ApiError(status, detail);
        },
      });
      await h.activate();
      await h.send('question');
      expect(h.messages()[1]).toMatchObject({
        streaming: false,
        error: { kind: 'loginRequired' },
        content: '',
      });

      const other = start({
        issue: async () => {
          throw new ApiError(500, 'internal_error');
        },
      });
      await other.activate();
      await other.send('question');
      expect(other.messages()[1]).toMatchObject({
        streaming: false,
        error: { kind: 'session', error: { status: 500, detail: 'internal_error' } },
        content: '',
      });
    },
  );

  it('gets a new session once when the service refuses the session, then gives up', async () => {
    const h = start();
    await h.activate();
    await h.send('question');
    h.last().send({ type: 'chat.chunk', text: 'x' });
    h.last().send({
      type: 'chat.failed',
      error: new ApiError(401, 'copilot_session_expired', { message: 'expired' }),
    });
    await h.flush();
    expect(h.issue).toHaveBeenCalledTimes(2);
    expect(h.streams).toHaveLength(2);
    expect(h.last().input.request.session_id).toBe('s2');
    expect(h.messages()[1]).toMatchObject({ content: '', streaming: true });
    h.last().send({
      type: 'chat.failed',
      error: new ApiError(401, 'copilot_session_invalid', { message: 'still refused' }),
    });
    expect(h.messages()[1]).toMatchObject({
      content: '',
      error: { kind: 'request', error: { status: 401, detail: 'copilot_session_invalid', message: 'still refused' } },
      streaming: false,
    });
  });

  it('reloads the templates once when the service says they changed (by its code), then gives up', async () => {
    const h = start();
    await h.activate();
    await h.send('question');
    h.last().send({ type: 'chat.failed', error: new ApiError(409, 'copilot_templates_changed') });
    await h.flush();
    expect(h.loadSetup).toHaveBeenCalledTimes(2);
    expect(h.issue).toHaveBeenCalledTimes(2);
    expect(h.streams).toHaveLength(2);
    expect(h.messages()[1]).toMatchObject({ content: '', streaming: true });
    h.last().send({ type: 'chat.failed', error: new ApiError(409, 'copilot_templates_changed') });
    expect(h.loadSetup).toHaveBeenCalledTimes(2);
    expect(h.messages()[1]).toMatchObject({
      streaming: false,
      error: { kind: 'request', error: { status: 409, detail: 'copilot_templates_changed' } },
    });
  });

  it('does not reload the templates for another 409', async () => {
    const h = start();
    await h.activate();
    await h.send('question');
    h.last().send({ type: 'chat.failed', error: new ApiError(409, 'handle_taken') });
    await h.flush();
    expect(h.loadSetup).toHaveBeenCalledTimes(1);
    expect(h.messages()[1]).toMatchObject({ streaming: false, error: { kind: 'request', error: { status: 409 } } });
  });

  it('clearing empties the messages and events, stops the stream and drops the session', async () => {
    const h = start();
    await h.activate();
    await h.send('question');
    h.store.set(automationEventsAtom, [{ id: 'e', cmd: 'tool.navigate', summary: '/', ts: 1 }]);
    const stream = h.last();
    h.actor.send({ type: 'chat.clear' });
    expect(h.messages()).toEqual([]);
    expect(h.store.get(automationEventsAtom)).toEqual([]);
    expect(stream.cancelled).toBe(true);
    expect(h.actor.getSnapshot().matches('idle')).toBe(true);
    await h.send('again');
    expect(h.issue).toHaveBeenCalledTimes(2);
    expect(h.messages()).toHaveLength(2);
  });
});
