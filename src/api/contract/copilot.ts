// The Copilot: sessions issued by the main API, the chat service's request, the templates file.
import { z } from 'zod';
import { WsTokenResponse } from '../../realtime/protocol';

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
