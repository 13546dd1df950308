// The Copilot with a model: an OpenAI-compatible API (hosted, Ollama, vLLM, llama.cpp) through the
// Vercel AI SDK, with tools that read the library and act on the user's screen.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { stepCountIs, streamText, tool, type LanguageModel, type ModelMessage } from 'ai';
import { z } from 'zod';
import {
  openDocument,
  proposeTranslation,
  readProvision,
  readProvisions,
  searchLibrary,
  type CopilotActor,
} from './automation.js';
import type { Provision } from './library-search.js';
import type { AnswerLanguage } from './question.js';

export interface ModelSettings {
  /** API base, e.g. http://127.0.0.1:11434/v1. */
  url: string;
  model: string;
  apiKey?: string;
}

const MAX_STEPS = 5;
const TOOL_TEXT_MAX = 1_500;

export function createModel(settings: ModelSettings): LanguageModel {
  const provider = createOpenAICompatible({
    name: 'copilot',
    baseURL: settings.url.replace(/\/+$/, ''),
    apiKey: settings.apiKey,
  });
  return provider.chatModel(settings.model);
}

const provisionForModel = (provision: Provision) => ({
  citation: provision.citation,
  document_id: provision.document.id,
  document_title: provision.document.title,
  node_id: provision.nodeId,
  link: provision.path,
  text: provision.lines
    .map((line) => line.text)
    .join('\n')
    .slice(0, TOOL_TEXT_MAX),
});

function copilotTools(actor: CopilotActor, language: AnswerLanguage) {
  return {
    search_documents: tool({
      description:
        'Full-text search of the library (provision texts and document titles). Returns matching documents and provisions with citations and links.',
      inputSchema: z.object({
        query: z.string().min(1).max(500).describe('Words to search for, or a provision such as "čl. 54 ústavy"'),
      }),
      execute: async ({ query }) => {
        const located = await searchLibrary(actor, query, language);
        const provisions: Provision[] = [];
        for await (const provision of readProvisions(actor.db, located.refs, located.language))
          provisions.push(provision);
        return {
          documents: located.documents.map((d) => ({ document_id: d.id, external_id: d.externalId, title: d.title })),
          provisions: provisions.map(provisionForModel),
        };
      },
    }),
    read_provision: tool({
      description:
        'The exact text of one provision, by document (id, law number such as "1/1993" or title) and cite key (e.g. "čl. 54", "§ 10a", "Art. 6").',
      inputSchema: z.object({
        document: z.string().min(1).max(300),
        cite_key: z.string().min(1).max(50),
      }),
      execute: async ({ document, cite_key }) => {
        const provision = await readProvision(actor, document, cite_key, language);
        return provision ? provisionForModel(provision) : { error: 'not_found' };
      },
    }),
    open_document: tool({
      description:
        'Opens a document on the user\'s screen, at a node (a node id or a cite key such as "čl. 54") when given.',
      inputSchema: z.object({
        document_id: z.string().min(1).max(300).describe('Document id, law number or title'),
        node_id: z.string().max(100).optional(),
      }),
      execute: async ({ document_id, node_id }) => {
        const opened = await openDocument(actor, document_id, node_id);
        return opened ? { opened: opened.path } : { error: 'not_found' };
      },
    }),
    propose_translation: tool({
      description: "Shows a proposed translation of a fragment in the user's editor.",
      inputSchema: z.object({
        fragment_id: z.string().min(1).max(100),
        text: z.string().min(1).max(20_000),
        language: z.string().min(2).max(10),
      }),
      execute: async ({ fragment_id, text, language: target }) =>
        (await proposeTranslation(actor, fragment_id, text, target)) ? { proposed: true } : { error: 'not_found' },
    }),
  };
}

export interface ModelTurn {
  model: LanguageModel;
  system: string;
  /** Already redacted. */
  messages: ModelMessage[];
  language: AnswerLanguage;
  abortSignal: AbortSignal;
}

/** The model's reply as text deltas; tool calls run (and publish) between its steps. */
export async function* modelAnswer(actor: CopilotActor, turn: ModelTurn): AsyncGenerator<string> {
  let failure: unknown;
  const result = streamText({
    model: turn.model,
    system: turn.system,
    messages: turn.messages,
    tools: copilotTools(actor, turn.language),
    stopWhen: stepCountIs(MAX_STEPS),
    abortSignal: turn.abortSignal,
    maxRetries: 1,
    onError: ({ error }) => {
      failure = error;
    },
  });
  let wrote = false;
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta' && part.text) {
      wrote = true;
      yield part.text;
    } else if (part.type === 'error') failure = part.error;
  }
  if (failure && !turn.abortSignal.aborted) throw new ModelFailedError(failure);
  // Tool calls only (or the step limit reached): say so rather than answer with nothing.
  if (!wrote && !turn.abortSignal.aborted)
    yield turn.language === 'cs' ? '(Model neodpověděl textem.)' : '(The model gave no text answer.)';
}

/** The model API failed; carries only its kind and status, never the request (it holds the prompt). */
export class ModelFailedError extends Error {
  readonly status?: number;
  constructor(cause: unknown) {
    const status =
      typeof cause === 'object' && cause !== null && 'statusCode' in cause
        ? Number((cause as { statusCode: unknown }).statusCode)
        : undefined;
    const kind = cause instanceof Error ? cause.name : 'unknown';
    super(`model request failed (${kind}${status ? ` ${status}` : ''})`);
    this.name = 'ModelFailedError';
    this.status = status;
  }
}
