// The Copilot's translation lookup for one source fragment: the very function POST
// /legal/translate answers with (memory first, a configured provider next), its API errors
// turned into outcomes an answer or a model tool can name. Both the embedded assistant and the
// model's tools call it, so the chat never previews what the translate call would not.
import type { Provenance, Suggestion, TranslateResponse } from '../../src/api/contract/translation.js';
import { DEFAULT_RATE_LIMITS, hitRateLimit } from '../auth/rate-limit.js';
import { ApiError } from '../http/errors.js';
import { DEFAULT_TRANSLATE_OPTIONS, translateFragment, type TranslateOptions } from '../translation/translate.js';
import { emit, type CopilotActor } from './automation.js';
import { findDocument, findNode } from './library-search.js';
import { languageCodeOf } from './target-language.js';
import { sourceFragmentById, translationSourceOf } from './translation-source.js';

export type PreviewOrigin = 'exact' | 'fuzzy' | 'mt';

export interface TranslationPreview {
  text: string;
  origin: PreviewOrigin;
  /** The memory match's percent; 0 for machine translation. */
  score: number;
  /** The suggestion the preview is (its provenance and differences). */
  suggestion?: Suggestion;
}

export type LookupOutcome =
  | { kind: 'preview'; response: TranslateResponse; preview: TranslationPreview }
  /** The translate call's error code: no_translation_available, same_language, not_found, a provider's … */
  | { kind: 'failed'; detail: string };

export async function lookupTranslation(
  actor: CopilotActor,
  fragmentId: string,
  targetCode: string,
): Promise<LookupOutcome> {
  const options: TranslateOptions = { ...DEFAULT_TRANSLATE_OPTIONS, ...actor.translation };
  try {
    // The same per-user budget as POST /legal/translate: a configured provider costs per call,
    // and the chat must not be a way around the limit.
    await hitRateLimit(actor.db, `translate:user:${actor.userId}`, DEFAULT_RATE_LIMITS.translate);
    // As the chatting user: their own saved translations count as memory for them alone.
    const response = await translateFragment(
      actor.db,
      { source_fragment_id: fragmentId, target_language_code: targetCode },
      options,
      actor.userId,
    );
    const suggestion =
      response.suggestions.find((s) => s.kind === response.origin && s.text === response.translation_preview) ??
      response.suggestions.find((s) => s.text === response.translation_preview);
    return {
      kind: 'preview',
      response,
      preview: {
        text: response.translation_preview,
        origin: response.origin,
        score: response.origin === 'mt' ? 0 : (suggestion?.score ?? 0),
        suggestion,
      },
    };
  } catch (error) {
    if (error instanceof ApiError) return { kind: 'failed', detail: error.detail };
    throw error;
  }
}

/** The suggestion among these whose text is this one (spacing aside): how a proposed text is classified. */
export function matchingSuggestion(suggestions: Suggestion[], text: string): Suggestion | undefined {
  const wanted = sameSpaces(text);
  return suggestions.find((s) => sameSpaces(s.text) === wanted);
}

const sameSpaces = (text: string) => text.replace(/\s+/gu, ' ').trim();

/** One line per source of a suggestion: 'DGT-TM, CELEX 32019D0391 (22019D0391.tmx)', '1/1993 Sb., odst. 1 (snapshot-1993-01-01)'. */
export function provenanceLabels(provenance: Provenance[], max = 3): string[] {
  const labels = provenance.map((p) => {
    if (p.source === 'tm') return `DGT-TM${p.celex ? `, CELEX ${p.celex}` : ''}${p.tmx_file ? ` (${p.tmx_file})` : ''}`;
    if (p.source === 'library')
      return `${p.external_id}${p.cite_key ? `, ${p.cite_key}` : ''}${p.branch_name !== 'main' ? ` (${p.branch_name})` : ''}`;
    return `${p.provider}${p.model ? ` (${p.model})` : ''}`;
  });
  return [...new Set(labels)].slice(0, max);
}

/** What the model's lookup tool names: a fragment, or a provision by document and cite key. */
export interface LookupReference {
  fragment_id?: string;
  document?: string;
  cite_key?: string;
}

/** A lookup for the model: the source, the preview and every suggestion, or why there is none. */
export interface MemoryLookupResult {
  fragment_id?: string;
  source_text?: string;
  source_language?: string;
  target_language: string;
  preview: { text: string; origin: PreviewOrigin; score: number } | null;
  suggestions: {
    text: string;
    score: number;
    kind: Suggestion['kind'];
    source_text: string;
    provenance: string[];
    differences: Suggestion['differences'];
  }[];
  /** not_found, no_text, no_translation_available, a provider's error code … */
  error?: string;
}

/** A language the model may name as 'EN', 'English' or 'angličtina': its ISO code. */
export const targetCodeOf = (language: string) => languageCodeOf(language) ?? language.trim().toLowerCase();

/**
 * lookup_translation_memory: the translate call for one fragment (named, or the first text of a
 * provision), with the suggestions the model should prefer over its own words.
 */
export async function lookupTranslationMemory(
  actor: CopilotActor,
  reference: LookupReference,
  language: string,
): Promise<{ result: MemoryLookupResult; suggestions: Suggestion[] }> {
  const target = targetCodeOf(language);
  const empty = (error: string, extra: Partial<MemoryLookupResult> = {}) => ({
    result: { target_language: target, preview: null, suggestions: [], error, ...extra },
    suggestions: [],
  });
  let source: { fragmentId: string; text: string; language: string } | undefined;
  if (reference.fragment_id) source = await sourceFragmentById(actor.db, reference.fragment_id);
  else if (reference.document && reference.cite_key) {
    const document = await findDocument(actor.db, reference.document);
    const nodeId = document && (await findNode(actor.db, document, reference.cite_key));
    const found = document && nodeId ? await translationSourceOf(actor.db, document, nodeId, target) : undefined;
    if (found?.kind === 'found') source = found.source;
  }
  await emit(actor, 'copilot.tool_call', {
    name: 'lookup_translation_memory',
    summary: source ? `${source.fragmentId} → ${target}` : 'no source fragment found',
  });
  if (!source) return empty('not_found');
  const known = { fragment_id: source.fragmentId, source_text: source.text, source_language: source.language };
  const outcome = await lookupTranslation(actor, source.fragmentId, target);
  if (outcome.kind === 'failed') return empty(outcome.detail, known);
  const { response, preview } = outcome;
  return {
    result: {
      ...known,
      target_language: response.target_language_code,
      preview: { text: preview.text, origin: preview.origin, score: preview.score },
      suggestions: response.suggestions.map((s) => ({
        text: s.text,
        score: s.score,
        kind: s.kind,
        source_text: s.source_text,
        provenance: provenanceLabels(s.provenance),
        differences: s.differences,
      })),
    },
    suggestions: response.suggestions,
  };
}
