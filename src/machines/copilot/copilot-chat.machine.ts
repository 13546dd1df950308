// The Copilot conversation: loads the templates and the chat service's address when the panel
// first opens, then for each prompt trims it (empty: ignored), redacts it (only placeholders
// left: not sent), gets a session from the copilot-session child and streams the reply into the
// conversation. The messages live in copilotMessagesAtom (shared with the channel's chat.*
// commands); the machine changes them through provided actions (conversationActions), never a store.
import { and, assign, fromCallback, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import { toApiError, type ApiError } from '../../api/client';
import type { ChatRequest, CopilotSession } from '../../api/contract/copilot';
import { onlyPlaceholders, redactPrompt } from '../../shared/redact-prompt';
import { loadChatUrl, loadCopilotTemplates, streamChat, type StreamChatInput } from '../../api/copilot';
import {
  clearConversationAtom,
  copilotMessagesAtom,
  nextCopilotId,
  type CopilotFailure,
  type CopilotMessage,
} from '../../atoms/copilot/copilot.atoms';
import type { JotaiStore } from '../../atoms/store';
import { failedWith, failedWithStatus } from '../failure';
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
  setup?: ChatSetup;
  session?: CopilotSession;
  /** The assistant message being written. */
  replyId?: string;
  /** What the exchange sends: the conversation so far and the redacted prompt. */
  history: ChatRequest['messages'];
  /** One automatic retry per prompt after the service refused the session or the templates. */
  retried: boolean;
  /** Values replaced in the last prompt (the note under the input). */
  redactions: number;
  /** The conversation's id (made here): the server stores its turns under it for the History tab. */
  conversationId: string;
  /** The last prompt held nothing but sensitive values and was not sent. */
  sensitiveOnly: boolean;
}

export type CopilotChatEvent =
  | { type: 'chat.activate' }
  /** A prompt, with the conversation it continues (the messages shown, the channel's included). */
  | { type: 'chat.send'; text: string; conversation: readonly CopilotMessage[] }
  | { type: 'chat.clear' }
  | { type: 'chat.reload' }
  | { type: 'chat.chunk'; text: string }
  | { type: 'chat.done' }
  | { type: 'chat.failed'; error: ApiError }
  | SessionReply;

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

const promptOf = (event: CopilotChatEvent) => (event.type === 'chat.send' ? redactPrompt(event.text.trim()) : null);

/** A change to one message of the conversation. */
export type MessageUpdate = (message: CopilotMessage) => CopilotMessage;

/** The conversation's actions on the Copilot atoms (provided by the workspace): the machine holds no store. */
export const conversationActions = (store: JotaiStore) => ({
  addMessages: (_: unknown, { messages }: { messages: CopilotMessage[] }) =>
    store.set(copilotMessagesAtom, (current) => [...current, ...messages]),
  updateReply: ({ context }: { context: CopilotChatContext }, { update }: { update: MessageUpdate }) =>
    store.set(copilotMessagesAtom, (current) =>
      current.map((message) => (message.id === context.replyId ? update(message) : message)),
    ),
  clearConversation: () => store.set(clearConversationAtom),
});

/** The reply after a failure: finished and marked with why (the panel words it from the catalogue). */
const failed =
  (failure: CopilotFailure): MessageUpdate =>
  (message) => ({ ...message, streaming: false, error: failure, content: '' });
const restarted: MessageUpdate = (message) => ({ ...message, content: '' });
const finished: MessageUpdate = (message) => ({ ...message, streaming: false });

export const copilotChatMachine = setup({
  types: {
    context: {} as CopilotChatContext,
    events: {} as CopilotChatEvent,
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
          if (!controller.signal.aborted) sendBack({ type: 'chat.failed', error: toApiError(error) });
        },
      );
      return () => controller.abort();
    }),
  },
  actions: {
    /** Provided (conversationActions): messages join the conversation. */
    addMessages: (_, _params: { messages: CopilotMessage[] }) => {},
    /** Provided (conversationActions): the reply being written changes. */
    updateReply: (_, _params: { update: MessageUpdate }) => {},
    /** Provided (conversationActions): the messages and the automation events go. */
    clearConversation: () => {},
    /** A new exchange: the reply's id, what to send, the redaction count for the note. */
    prepareExchange: assign(({ event }) => {
      const prompt = promptOf(event);
      if (event.type !== 'chat.send' || !prompt) return {};
      return {
        replyId: nextCopilotId('msg'),
        history: [...historyOf(event.conversation), { role: 'user' as const, content: prompt.text }].slice(
          -MAX_HISTORY,
        ),
        retried: false,
        redactions: prompt.redactions,
        sensitiveOnly: false,
      };
    }),
    /** The redacted prompt and an empty streaming reply join the conversation. */
    rejectSensitive: assign(({ event }) => ({ sensitiveOnly: true, redactions: promptOf(event)?.redactions ?? 0 })),
    requestSession: sendTo('session', ({ context, self }) => ({
      type: 'session.request' as const,
      templateHash: context.setup?.templateHash ?? '',
      replyTo: self,
    })),
    dropSession: sendTo('session', { type: 'session.drop' as const }),
    forgetReply: assign(() => ({
      replyId: undefined,
      session: undefined,
      history: [],
      redactions: 0,
      sensitiveOnly: false,
      // Cleared: the next question starts a new conversation in the History.
      conversationId: crypto.randomUUID(),
    })),
  },
  guards: {
    emptyPrompt: ({ event }) => promptOf(event)?.text === '',
    onlySensitive: ({ event }) => {
      const prompt = promptOf(event);
      return prompt !== null && onlyPlaceholders(prompt.text);
    },
    /** A 401 or 403 when asking for a session: the user must log in. */
    loginRequired: failedWithStatus(401, 403),
    /** The service no longer takes the session (expired, restarted with a new secret). */
    sessionRefused: failedWith('copilot_session_invalid', 'copilot_session_expired'),
    /** The service has other templates than ours. */
    templatesChanged: failedWith('copilot_templates_changed'),
    notRetried: ({ context }) => !context.retried,
  },
}).createMachine({
  id: 'copilotChat',
  context: () => ({
    history: [],
    retried: false,
    redactions: 0,
    sensitiveOnly: false,
    conversationId: crypto.randomUUID(),
  }),
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
          {
            target: 'sending',
            actions: [
              'prepareExchange',
              {
                type: 'addMessages',
                params: ({ context, event }) => {
                  const now = Date.now();
                  return {
                    messages: [
                      {
                        id: nextCopilotId('msg'),
                        role: 'user',
                        content: promptOf(event)?.text ?? '',
                        at: now,
                        source: 'chat',
                      },
                      {
                        id: context.replyId ?? '',
                        role: 'assistant',
                        content: '',
                        at: now,
                        streaming: true,
                        source: 'chat',
                      },
                    ],
                  };
                },
              },
            ],
          },
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
            'session.failed': [
              {
                guard: 'loginRequired',
                target: '#copilotChat.idle',
                actions: {
                  type: 'updateReply',
                  params: { update: failed({ kind: 'loginRequired' }) },
                },
              },
              {
                target: '#copilotChat.idle',
                actions: {
                  type: 'updateReply',
                  params: ({ event }) => ({ update: failed({ kind: 'session', error: event.error }) }),
                },
              },
            ],
          },
        },
        streaming: {
          invoke: {
            src: 'streamReply',
            input: ({ context }) => {
              const setup = context.setup!;
              return {
                url: setup.chatUrl,
                session: context.session!,
                request: {
                  session_id: context.session!.session_id,
                  nonce: context.session!.nonce,
                  scope: CHAT_SCOPE,
                  messages: context.history,
                  template: setup.template,
                  template_hash: setup.templateHash,
                  conversation_id: context.conversationId,
                },
              };
            },
          },
          on: {
            'chat.chunk': {
              actions: {
                type: 'updateReply',
                params: ({ event }) => ({
                  update: (message: CopilotMessage) => ({ ...message, content: message.content + event.text }),
                }),
              },
            },
            'chat.done': {
              target: '#copilotChat.idle',
              actions: { type: 'updateReply', params: { update: finished } },
            },
            'chat.failed': [
              // The service no longer takes the session (expired, restarted with a new secret): a new one, once.
              {
                guard: and(['notRetried', 'sessionRefused']),
                target: 'session',
                actions: [
                  'dropSession',
                  { type: 'updateReply', params: { update: restarted } },
                  assign({ retried: true }),
                ],
              },
              {
                guard: and(['notRetried', 'templatesChanged']),
                target: 'reloading',
                actions: [
                  'dropSession',
                  { type: 'updateReply', params: { update: restarted } },
                  assign({ retried: true }),
                ],
              },
              {
                target: '#copilotChat.idle',
                actions: {
                  type: 'updateReply',
                  params: ({ event }) => ({ update: failed({ kind: 'request', error: event.error }) }),
                },
              },
            ],
          },
        },
        /** The service has other templates than ours (copilot_templates_changed): load them, then a new session. */
        reloading: {
          invoke: {
            src: 'loadSetup',
            onDone: { target: 'session', actions: assign({ setup: ({ event }) => event.output }) },
            onError: {
              target: '#copilotChat.unavailable',
              actions: {
                type: 'updateReply',
                params: { update: failed({ kind: 'templates' }) },
              },
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
