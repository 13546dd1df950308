// Settings of the Copilot in one place: the model (none = the embedded retrieval assistant), the
// session secret, where the chat service is, and its per-user rate limit.
import { routes } from '../../src/api/contract/routes.js';
import type { Limit } from '../auth/rate-limit.js';
import type { ServerConfig } from '../config.js';
import type { TranslateOptions } from '../translation/translate.js';
import type { Publish } from './automation.js';
import { DEFAULT_CHAT_RATE_LIMIT } from './chat-service.js';
import type { ModelSettings } from './model-client.js';

export interface CopilotOptions {
  /** OpenAI-compatible model; absent = the embedded retrieval assistant. */
  model?: ModelSettings;
  /** HMAC key of sessions (COPILOT_SECRET); else generated and kept in `dataDir`, else per process. */
  secret?: string;
  dataDir?: string;
  /** The chat address the web app uses (GET /copilot/config): /copilot/chat here, or the separate service's URL. */
  chatUrl: string;
  chatRateLimit: Limit;
  /** Sends automation commands; default: the app's realtime hub (app.realtime.publish). */
  publish?: Publish;
  /** Translate requests in the chat: POST /legal/translate's settings (memory threshold, provider). */
  translation?: Partial<TranslateOptions>;
}

export const DEFAULT_COPILOT_OPTIONS: CopilotOptions = {
  chatUrl: routes.copilotChat.path,
  chatRateLimit: DEFAULT_CHAT_RATE_LIMIT,
};

/** The model settings when both the URL and the model name are configured. */
export function modelFromConfig(config: ServerConfig['copilot']): ModelSettings | undefined {
  if (!config.modelUrl) return undefined;
  return { url: config.modelUrl, model: config.model ?? 'default', apiKey: config.apiKey };
}

export function copilotOptionsFromConfig(config: ServerConfig): CopilotOptions {
  return {
    ...DEFAULT_COPILOT_OPTIONS,
    model: modelFromConfig(config.copilot),
    secret: config.copilot.secret,
    // With PostgreSQL several instances may run: they share the secret only through
    // COPILOT_SECRET or a shared DATA_DIR.
    dataDir: config.dataDir,
    chatUrl: config.copilot.chatUrl,
    // The same as POST /legal/translate's (server/main.ts): a translate request in the chat
    // previews exactly what the editor's Translate button would.
    translation: { minScore: config.translationMemoryMinScore, ...config.translation },
  };
}
