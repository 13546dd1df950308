// The chat service: POST /copilot/chat (inside the main server) or /chat (its own process).
// Its authentication is the signed session headers, not the cookie; it streams the reply as
// text/plain, chunk by chunk. Prompts are redacted again here and never logged.
import { Readable } from 'node:stream';
import type { ModelMessage } from 'ai';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeAccess } from '../../src/api/contract/route.js';
import { routes } from '../../src/api/contract/routes.js';
import { redactPrompt } from '../../src/shared/redact-prompt.js';
import { hitRateLimit, type Limit } from '../auth/rate-limit.js';
import type { Db } from '../db/client.js';
import {
  ApiError,
  conflict,
  copilotModelFailed,
  copilotSessionInvalid,
  internalError,
  validationFailed,
} from '../http/errors.js';
import { parseInput } from '../http/register-route.js';
import { canChatInSession } from '../policies/copilot.js';
import { sqlRows } from '../db/sql.js';
import type { TranslateOptions } from '../translation/translate.js';
import type { CopilotActor, Publish } from './automation.js';
import { modelAnswer, ModelFailedError } from './model-assistant.js';
import { createModel, type ModelSettings } from './model-client.js';
import { parseQuestion } from './question.js';
import { retrievalAnswer } from './retrieval-assistant.js';
import { loginTagOf, verifySignedHeaders } from './signed-session.js';
import { storeTurn } from './conversation-store.js';
import { COPILOT_TEMPLATES, templateText } from './templates.js';

export const CHAT_BODY_LIMIT = 64 * 1024;
export const DEFAULT_CHAT_RATE_LIMIT: Limit = { limit: 20, windowSeconds: 60 };

export interface ChatServiceOptions {
  db: Db;
  secret: Buffer;
  publish: Publish;
  /** None: the embedded retrieval assistant answers. */
  model?: ModelSettings;
  rateLimit: Limit;
  /** Translate requests' settings (POST /legal/translate's: memory threshold, provider); default: its defaults. */
  translation?: Partial<TranslateOptions>;
  /** Where the service answers: /copilot/chat in the main server; /chat and /copilot/chat on its own. */
  paths: string[];
}

export function registerChatService(app: FastifyInstance, options: ChatServiceOptions) {
  const model = options.model ? createModel(options.model) : undefined;
  for (const url of options.paths) {
    app.route({
      method: 'POST',
      url,
      bodyLimit: CHAT_BODY_LIMIT,
      // Its table entry decides: no CSRF (the signed headers are the proof), the cookie is read (canChatInSession).
      config: routeAccess(routes.copilotChat),
      handler: (request, reply) => chat(request, reply, options, model),
    });
  }
}

async function chat(
  request: FastifyRequest,
  reply: FastifyReply,
  options: ChatServiceOptions,
  model: ReturnType<typeof createModel> | undefined,
) {
  const claims = verifySignedHeaders(options.secret, request.headers);
  if (!canChatInSession(request.principal, claims.userId))
    throw copilotSessionInvalid('Copilot session belongs to another user');
  // The login session it was issued under must still be live (logout and a password reset
  // delete it; a deleted user takes its sessions along): one query on sessions_user_idx.
  const live = await sqlRows<{ id_hash: string }>(
    options.db,
    sql`SELECT id_hash FROM sessions WHERE user_id = ${claims.userId}::uuid AND expires_at > now()`,
  );
  if (!live.some((row) => loginTagOf(options.secret, row.id_hash) === claims.login))
    throw copilotSessionInvalid('Copilot session outlived its login session');
  await hitRateLimit(options.db, `copilot-chat:${claims.userId}`, options.rateLimit);

  const body = parseInput(routes.copilotChat.body, request.body, 'body');
  if (body.session_id !== claims.sessionId || body.nonce !== claims.nonce)
    throw copilotSessionInvalid('Request does not match its Copilot session');
  if (body.scope !== 'chat') throw validationFailed('scope', 'unknown scope');
  const system = templateText(body.template);
  if (!system) throw validationFailed('template', 'unknown template');
  if (body.template_hash !== COPILOT_TEMPLATES.hash)
    throw conflict('copilot_templates_changed', 'Copilot templates changed: reload them and start a new session');

  // The client redacts before sending; this is the second pass, before any model sees a word.
  // Only the user's own words: earlier answers are the server's (their links hold UUIDs), and a
  // client's 'system' message is dropped (the template is the system prompt).
  const messages = body.messages
    .filter((message) => message.role !== 'system')
    .map((message) => ({
      role: message.role as 'user' | 'assistant',
      content: message.role === 'user' ? redactPrompt(message.content).text : message.content,
    }));
  const question = messages.at(-1);
  if (!question || question.role !== 'user' || question.content.trim() === '') {
    throw validationFailed('messages', 'the last message must be a non-empty user message');
  }

  const actor: CopilotActor = {
    db: options.db,
    userId: claims.userId,
    publish: options.publish,
    log: request.log,
    translation: options.translation,
  };
  const aborted = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) aborted.abort();
  });
  const answer = model
    ? modelAnswer(actor, {
        model,
        system,
        messages: messages as ModelMessage[],
        language: parseQuestion(question.content).language,
        abortSignal: aborted.signal,
      })
    : lineByLine(retrievalAnswer(actor, question.content));

  // The first piece is awaited before the headers go out, so a failure before any text is still
  // a proper error status; later failures end the stream with a short note.
  const iterator = answer[Symbol.asyncIterator]();
  let first: IteratorResult<string>;
  try {
    first = await iterator.next();
  } catch (error) {
    throw failureOf(error, request);
  }
  reply
    .header('Content-Type', 'text/plain; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('X-Accel-Buffering', 'no')
    .header('X-Content-Type-Options', 'nosniff');
  const asked = question.content;
  const written: string[] = [];
  async function* rest(): AsyncGenerator<string> {
    if (!first.done) {
      written.push(first.value);
      yield first.value;
    }
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        written.push(next.value);
        yield next.value;
      }
      // A finished answer joins the user's history (the question as redacted above).
      if (body.conversation_id && !aborted.signal.aborted)
        await storeTurn(options.db, {
          userId: claims.userId,
          conversationId: body.conversation_id,
          question: asked,
          answer: written.join(''),
        }).catch((error: unknown) => failureOf(error, request));
    } catch (error) {
      failureOf(error, request);
      if (!aborted.signal.aborted) yield '\n\n[Copilot: the answer was interrupted by an error.]\n';
    }
  }
  return reply.send(Readable.from(rest(), { objectMode: false, highWaterMark: 1 }));
}

/** Logs a failure without any prompt text and turns it into the API error to answer with. */
function failureOf(error: unknown, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ModelFailedError) {
    request.log.warn({ status: error.status }, error.message);
    return copilotModelFailed();
  }
  // Name and stack frames only: messages of query errors carry their parameters (prompt words).
  const frames =
    error instanceof Error
      ? error.stack
          ?.split('\n')
          .filter((line) => line.trim().startsWith('at '))
          .slice(0, 6)
          .join('\n')
      : undefined;
  request.log.error(
    { error: { name: error instanceof Error ? error.name : 'unknown', frames } },
    'copilot chat failed',
  );
  return internalError();
}

/**
 * The embedded assistant produces a few larger pieces; they go out line by line, a turn of the
 * event loop apart, so that each line is its own chunk on the wire like a model's tokens.
 */
async function* lineByLine(pieces: AsyncGenerator<string>): AsyncGenerator<string> {
  for await (const piece of pieces) {
    const lines = piece.match(/[^\n]*\n|[^\n]+$/g) ?? [];
    for (const line of lines) {
      yield line;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}
