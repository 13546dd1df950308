// The Copilot with a model (model-client.ts): its tools read the library, look up the translation
// memory and act on the user's screen; the reply streams through the Vercel AI SDK.
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
import type { Suggestion } from '../../src/api/contract/translation.js';
import { lookupTranslation, lookupTranslationMemory, matchingSuggestion, targetCodeOf } from './translation-lookup.js';
import { copilotMemoryTools } from '../mcp/copilot-memory-tools.js';

const MAX_STEPS = 5;
const TOOL_TEXT_MAX = 1_500;

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

const lookupKey = (fragmentId: string, language: string) => `${fragmentId.toLowerCase()}|${language}`;

function copilotTools(actor: CopilotActor, language: AnswerLanguage) {
  // This turn's memory lookups, by fragment and target: what propose_translation compares with.
  const lookups = new Map<string, Suggestion[]>();
  return {
    // The user's memory (issue 12), as their managed key: the /mcp tools up to memory.write.
    ...copilotMemoryTools(actor),
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
    lookup_translation_memory: tool({
      description:
        'Translation memory for one fragment (DGT-TM and translations already in the library, then the configured machine-translation provider, if any). Call it before propose_translation. Name the fragment by fragment_id, or the provision by document and cite_key (its first text fragment is used). Returns fragment_id, the source text, the preview with its origin (exact, fuzzy or mt) and percent, and every suggestion with its provenance and legal differences.',
      inputSchema: z.object({
        fragment_id: z.string().max(100).optional(),
        document: z.string().max(300).optional().describe('Document id, law number such as "1/1993" or title'),
        cite_key: z.string().max(50).optional().describe('e.g. "čl. 54", "§ 10a"'),
        language: z.string().min(2).max(40).describe('Target language, ISO 639-1 code such as "en"'),
      }),
      execute: async ({ language: target, ...reference }) => {
        const { result, suggestions } = await lookupTranslationMemory(actor, reference, target);
        if (result.fragment_id) lookups.set(lookupKey(result.fragment_id, result.target_language), suggestions);
        return result;
      },
    }),
    propose_translation: tool({
      description:
        "Shows a proposed translation of one fragment in the user's editor. Call lookup_translation_memory first: propose an exact memory match unchanged, adapt a fuzzy match only where its differences require, and write your own translation only when there is no match (it is then marked as machine translation).",
      inputSchema: z.object({
        fragment_id: z.string().min(1).max(100),
        text: z.string().min(1).max(20_000),
        language: z.string().min(2).max(40),
      }),
      execute: async ({ fragment_id, text, language: target }) => {
        const code = targetCodeOf(target);
        const key = lookupKey(fragment_id, code);
        // The memory decides what the text is, not the model: a text equal to a suggestion is
        // that match at its score; anything else is the model's own (mt, 0).
        let suggestions = lookups.get(key);
        if (!suggestions) {
          const outcome = await lookupTranslation(actor, fragment_id, code);
          suggestions = outcome.kind === 'preview' ? outcome.response.suggestions : [];
          lookups.set(key, suggestions);
        }
        const match = matchingSuggestion(suggestions, text);
        const origin = match?.kind ?? 'mt';
        const score = match && match.kind !== 'mt' ? match.score : 0;
        return (await proposeTranslation(actor, fragment_id, text, code, { origin, score }))
          ? { proposed: true, origin, score }
          : { error: 'not_found' };
      },
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
