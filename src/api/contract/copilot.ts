// The Copilot: sessions issued by the main API, the chat service's request, the templates file.
import { z } from 'zod';
import { WsTokenResponse } from '../../realtime/protocol';
import { pageLimit, pageOffset, Uuid } from './common';

export const CopilotSessionRequest = z.object({
  /** What the session may be used for; 'chat' for the panel. */
  scope: z.string().trim().min(1).max(64).default('chat'),
  /** Hash of /copilot_templates.json the client loaded: a changed hash means a new session. */
  template_hash: z.string().trim().min(1).max(128),
  include_ws_token: z.boolean().default(false),
});

/**
 * Headers the client sends to the chat service, as received (opaque to it); an HMAC over
 * session, user, login tag (which login session it belongs to), nonce and expiry.
 */
export const SignedHeaders = z.object({
  'x-copilot-session': z.string(),
  'x-copilot-user': z.string(),
  'x-copilot-login': z.string(),
  'x-copilot-nonce': z.string(),
  'x-copilot-expires': z.string(),
  'x-copilot-signature': z.string(),
});
export type SignedHeaders = z.infer<typeof SignedHeaders>;

export const CopilotSession = z.object({
  session_id: z.string(),
  nonce: z.string(),
  signed_headers: SignedHeaders,
  /** ISO time. */
  expires_at: z.string(),
  user_id: z.uuid(),
  ws_token: WsTokenResponse.optional(),
});
export type CopilotSession = z.infer<typeof CopilotSession>;

export const ChatMessage = z.object({
  role: z.enum(['user', 'assistant', 'system']),
  content: z.string().max(20_000),
});

/** POST {chat service}/chat (default /copilot/chat on the main server): answers a text stream. */
export const ChatRequest = z.object({
  session_id: z.string().min(1).max(128),
  nonce: z.string().min(1).max(128),
  scope: z.string().min(1).max(64),
  messages: z.array(ChatMessage).min(1).max(50),
  template: z.string().min(1).max(64),
  template_hash: z.string().min(1).max(128),
  /** The conversation this turn belongs to (the client makes the id): stored for the History tab. */
  conversation_id: Uuid.optional(),
});
export type ChatRequest = z.infer<typeof ChatRequest>;

export const CopilotTemplate = z.object({ capability: z.string(), template: z.string(), text: z.string() });
/** GET /copilot_templates.json (static). */
export const CopilotTemplates = z.object({ hash: z.string(), templates: z.array(CopilotTemplate) });
export type CopilotTemplates = z.infer<typeof CopilotTemplates>;

/** GET /copilot/config: where the web app sends chat requests, and who answers them. */
export const CopilotConfig = z.object({
  /** '/copilot/chat' on this server, or the address of the separate chat service (COPILOT_CHAT_URL). */
  chat_url: z.string(),
  /** 'model' when COPILOT_MODEL_URL is set, else 'retrieval' (the embedded retrieval assistant). */
  assistant: z.enum(['model', 'retrieval']),
});
export type CopilotConfig = z.infer<typeof CopilotConfig>;

// ---- History: the user's past conversations, stored per user ----

/** At most this many conversations are kept per user; the oldest go first. */
export const MAX_CONVERSATIONS_PER_USER = 200;
/** A stored message's text is cut to this many characters. */
export const MAX_STORED_MESSAGE_CHARS = 20_000;
/** A conversation's title (its first question) is cut to this many characters. */
export const MAX_CONVERSATION_TITLE_CHARS = 200;

export const CopilotConversationsQuery = z.object({ limit: pageLimit(20, 100), offset: pageOffset });

export const CopilotConversationSummary = z.object({
  id: Uuid,
  /** The first question. */
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CopilotConversationSummary = z.infer<typeof CopilotConversationSummary>;

/** GET /v1/copilot/conversations: newest first. */
export const CopilotConversationList = z.object({
  items: z.array(CopilotConversationSummary),
  total: z.number().int(),
});
export type CopilotConversationList = z.infer<typeof CopilotConversationList>;

export const StoredCopilotMessage = z.object({
  id: Uuid,
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  created_at: z.string(),
});

/** GET /v1/copilot/conversations/{id}: the messages in the order they were written. */
export const CopilotConversation = CopilotConversationSummary.extend({ messages: z.array(StoredCopilotMessage) });
export type CopilotConversation = z.infer<typeof CopilotConversation>;
