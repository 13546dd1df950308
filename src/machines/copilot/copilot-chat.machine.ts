// The Copilot conversation: loads the templates and the chat service's address when the panel
// first opens, then for each prompt trims it (empty: ignored), redacts it (only placeholders
// left: not sent), gets a session from the copilot-session child and streams the reply into the
// conversation (messages live in copilotMessagesAtom, shared with the channel's chat.* commands).
import { assign, fromCallback, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../api/client';
import type { ChatRequest, CopilotSession } from '../../api/contract/copilot';
import { onlyPlaceholders, redactPrompt } from '../../api/contract/redact-prompt';
import {
  CopilotRequestError,
  loadChatUrl,
  loadCopilotTemplates,
  streamChat,
  type StreamChatInput,
} from '../../api/copilot';
import {
  clearConversationAtom,
  copilotMessagesAtom,
  nextCopilotId,
  type CopilotFailure,
  type CopilotMessage,
} from '../../atoms/copilot/copilot.atoms';
import type { JotaiStore } from '../../realtime/command-router';
import { copilotSessionMachine, type SessionReply } from './copilot-session.machine';

export const CHAT_CAPABILITY = 'chat';
export const CHAT_SCOPE = 'chat';
/** The chat request takes at most 50 messages of at most 20,000 characters. */
export const MAX_HISTORY = 50;
export const MAX_MESSAGE_CHARS = 20_000;

export interface ChatSetup {
  templateHash: string;
  template: string;
  chatUrl: string;
}

export interface CopilotChatContext {
  store: JotaiStore;
  setup?: ChatSetup;
  session?: CopilotSession;
  /** The assistant message being written. */
  replyId?: string;
  /** One automatic retry per prompt after the service refused the session or the templates. */
  retried: boolean;
  /** Values replaced in the last prompt (the note under the input). */
  redactions: number;
  /** The last prompt held nothing but sensitive values and was not sent. */
  sensitiveOnly: boolean;
}

export type CopilotChatEvent =
  | { type: 'chat.activate' }
  | { type: 'chat.send'; text: string }
  | { type: 'chat.clear' }
  | { type: 'chat.reload' }
  | { type: 'chat.chunk'; text: string }
  | { type: 'chat.done' }
  | { type: 'chat.failed'; error: unknown }
  | SessionReply;

/** A failure as the message list shows it: the kind and the error text (the message content). */
export function describeFailure(
  error: unknown,
  phase: 'session' | 'request',
): { failure: CopilotFailure; text: string } {
  if (error instanceof ApiError) {
    if (phase === 'session' && error.status === 401)
      return { failure: { kind: 'loginRequired' }, text: 'copilot_login_required' };
    return {
      failure:
        phase === 'session' ? { kind: 'session', status: error.status } : { kind: 'request', status: error.status },
      text: error.detail,
    };
  }
  if (error instanceof CopilotRequestError)
    return { failure: { kind: 'request', status: error.status }, text: error.text };
  const text = error instanceof Error ? error.message : String(error);
  return { failure: phase === 'session' ? { kind: 'session', status: 0 } : { kind: 'request', status: 0 }, text };
}

/** The conversation sent to the service: finished user and assistant messages, newest 50. */
export function historyOf(messages: readonly CopilotMessage[]): ChatRequest['messages'] {
  return messages
    .filter(
      (message) =>
        (message.role === 'user' || message.role === 'assistant') &&
        !message.error &&
        !message.streaming &&
        message.content !== '',
    )
    .slice(-MAX_HISTORY)
    .map((message) => ({ role: message.role, content: message.content.slice(0, MAX_MESSAGE_CHARS) }));
}

const refusedSession = (error: unknown) =>
  error instanceof CopilotRequestError &&
  error.status === 401 &&
  (error.detail === 'copilot_session_invalid' || error.detail === 'copilot_session_expired');
const templatesChanged = (error: unknown) => error instanceof CopilotRequestError && error.status === 409;

const updateReply = (context: CopilotChatContext, change: (message: CopilotMessage) => CopilotMessage) =>
  context.store.set(copilotMessagesAtom, (messages) =>
    messages.map((message) => (message.id === context.replyId ? change(message) : message)),
  );

export const copilotChatMachine = setup({
  types: {
    context: {} as CopilotChatContext,
    events: {} as CopilotChatEvent,
    input: {} as { store: JotaiStore },
  },
  actors: {
    copilotSession: copilotSessionMachine,
    loadSetup: fromPromise<ChatSetup>(async ({ signal }) => {
      const [templates, chatUrl] = await Promise.all([loadCopilotTemplates({ signal }), loadChatUrl({ signal })]);
      const chat = templates.templates.find((template) => template.capability === CHAT_CAPABILITY);
      if (!chat) throw new Error('no chat template');
      return { templateHash: templates.hash, template: chat.template, chatUrl };
    }),
    streamReply: fromCallback<{ type: 'noop' }, Omit<StreamChatInput, 'onChunk' | 'signal'>>(({ input, sendBack }) => {
      const controller = new AbortController();
      streamChat({
        ...input,
        signal: controller.signal,
        onChunk: (text) => sendBack({ type: 'chat.chunk', text }),
      }).then(
        () => sendBack({ type: 'chat.done' }),
        (error: unknown) => {
          if (!controller.signal.aborted) sendBack({ type: 'chat.failed', error });
        },
      );
      return () => controller.abort();
    }),
  },
  actions: {
    /** A new exchange: the reply's id, the redaction count for the note. */
    prepareExchange: assign(({ event }) =>
      event.type === 'chat.send'
        ? {
            replyId: nextCopilotId('msg'),
            retried: false,
            redactions: redactPrompt(event.text.trim()).redactions,
            sensitiveOnly: false,
          }
        : {},
    ),
    /** The redacted prompt and an empty streaming reply join the conversation. */
    appendExchange: ({ context, event }) => {
      if (event.type !== 'chat.send' || !context.replyId) return;
      const now = Date.now();
      context.store.set(copilotMessagesAtom, (messages) => [
        ...messages,
        {
          id: nextCopilotId('msg'),
          role: 'user',
          content: redactPrompt(event.text.trim()).text,
          at: now,
          source: 'chat',
        },
        { id: context.replyId!, role: 'assistant', content: '', at: now, streaming: true, source: 'chat' },
      ]);
    },
    rejectSensitive: assign(({ event }) =>
      event.type === 'chat.send' ? { sensitiveOnly: true, redactions: redactPrompt(event.text.trim()).redactions } : {},
    ),
    requestSession: sendTo('session', ({ context, self }) => ({
      type: 'session.request' as const,
      templateHash: context.setup?.templateHash ?? '',
      replyTo: self,
    })),
    dropSession: sendTo('session', { type: 'session.drop' as const }),
    appendChunk: ({ context, event }) => {
      if (event.type === 'chat.chunk')
        updateReply(context, (message) => ({ ...message, content: message.content + event.text }));
    },
    restartReply: ({ context }) => updateReply(context, (message) => ({ ...message, content: '' })),
    finishReply: ({ context }) => updateReply(context, (message) => ({ ...message, streaming: false })),
    failReply: ({ context }, params: { failure: CopilotFailure; text: string }) =>
      updateReply(context, (message) => ({
        ...message,
        streaming: false,
        error: params.failure,
        content: params.text,
      })),
    clearConversation: ({ context }) => context.store.set(clearConversationAtom),
    forgetReply: assign({ replyId: undefined, session: undefined, redactions: 0, sensitiveOnly: false }),
  },
  guards: {
    emptyPrompt: ({ event }) => event.type === 'chat.send' && event.text.trim() === '',
    onlySensitive: ({ event }) => event.type === 'chat.send' && onlyPlaceholders(redactPrompt(event.text.trim()).text),
    sessionRefusedFirstTime: ({ context, event }) =>
      event.type === 'chat.failed' && !context.retried && refusedSession(event.error),
    templatesChangedFirstTime: ({ context, event }) =>
      event.type === 'chat.failed' && !context.retried && templatesChanged(event.error),
  },
}).createMachine({
  id: 'copilotChat',
  context: ({ input }) => ({ store: input.store, retried: false, redactions: 0, sensitiveOnly: false }),
  invoke: { id: 'session', src: 'copilotSession' },
  initial: 'dormant',
  on: {
    'chat.clear': { actions: ['clearConversation', 'dropSession', 'forgetReply'] },
  },
  states: {
    /** Nothing loaded until the panel first opens. */
    dormant: {
      on: { 'chat.activate': 'loading' },
    },
    loading: {
      invoke: {
        src: 'loadSetup',
        onDone: { target: 'idle', actions: assign({ setup: ({ event }) => event.output }) },
        onError: 'unavailable',
      },
    },
    /** The templates could not be loaded: the panel warns, Send is off until a reload works. */
    unavailable: {
      on: { 'chat.reload': 'loading' },
    },
    idle: {
      on: {
        'chat.send': [
          { guard: 'emptyPrompt' },
          { guard: 'onlySensitive', actions: 'rejectSensitive' },
          { target: 'sending', actions: ['prepareExchange', 'appendExchange'] },
        ],
      },
    },
    sending: {
      initial: 'session',
      on: {
        'chat.clear': { target: 'idle', actions: ['clearConversation', 'dropSession', 'forgetReply'] },
      },
      states: {
        session: {
          entry: 'requestSession',
          on: {
            'session.ready': { target: 'streaming', actions: assign({ session: ({ event }) => event.session }) },
            'session.failed': {
              target: '#copilotChat.idle',
              actions: { type: 'failReply', params: ({ event }) => describeFailure(event.error, 'session') },
            },
          },
        },
        streaming: {
          invoke: {
            src: 'streamReply',
            input: ({ context }) => {
              const setup = context.setup!;
              const messages = historyOf(context.store.get(copilotMessagesAtom));
              return {
                url: setup.chatUrl,
                session: context.session!,
                request: {
                  session_id: context.session!.session_id,
                  nonce: context.session!.nonce,
                  scope: CHAT_SCOPE,
                  messages,
                  template: setup.template,
                  template_hash: setup.templateHash,
                },
              };
            },
          },
          on: {
            'chat.chunk': { actions: 'appendChunk' },
            'chat.done': { target: '#copilotChat.idle', actions: 'finishReply' },
            'chat.failed': [
              // The service no longer takes the session (expired, restarted with a new secret): a new one, once.
              {
                guard: 'sessionRefusedFirstTime',
                target: 'session',
                actions: ['dropSession', 'restartReply', assign({ retried: true })],
              },
              {
                guard: 'templatesChangedFirstTime',
                target: 'reloading',
                actions: ['dropSession', 'restartReply', assign({ retried: true })],
              },
              {
                target: '#copilotChat.idle',
                actions: { type: 'failReply', params: ({ event }) => describeFailure(event.error, 'request') },
              },
            ],
          },
        },
        /** The service has other templates than ours (409): load them, then a new session. */
        reloading: {
          invoke: {
            src: 'loadSetup',
            onDone: { target: 'session', actions: assign({ setup: ({ event }) => event.output }) },
            onError: {
              target: '#copilotChat.unavailable',
              actions: { type: 'failReply', params: { failure: { kind: 'templates' }, text: 'templates unavailable' } },
            },
          },
        },
      },
    },
  },
});

type CopilotChatSnapshot = SnapshotFrom<typeof copilotChatMachine>;
export const selectTemplatesUnavailable = (snapshot: CopilotChatSnapshot) => snapshot.matches('unavailable');
export const selectChatReady = (snapshot: CopilotChatSnapshot) => snapshot.matches('idle');
export const selectSending = (snapshot: CopilotChatSnapshot) => snapshot.matches('sending');
export const selectRedactions = (snapshot: CopilotChatSnapshot) => snapshot.context.redactions;
export const selectSensitiveOnly = (snapshot: CopilotChatSnapshot) => snapshot.context.sensitiveOnly;
