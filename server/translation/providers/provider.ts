// One interface for every machine-translation provider: the text goes out with its reference
// spans, numbers and dates as placeholders in the provider's style, and comes back translated.
import type { z } from 'zod';
import type { TranslationProviderName } from '../../../src/api/contract/translation.js';

export type ProviderName = z.infer<typeof TranslationProviderName>;

/**
 * How placeholders travel: DeepL keeps XML tags (`<x id="1"/>`, the rest of the text escaped),
 * the others get plain tokens (`@@PH1@@`) they are asked to keep.
 */
export type PlaceholderStyle = 'xml' | 'token';

/** What the server is configured with (TRANSLATION_PROVIDER and its variables). */
export type ProviderSettings =
  | {
      name: 'deepl';
      apiKey: string;
      /** https://api-free.deepl.com for a ':fx' key, else https://api.deepl.com (DEEPL_API_URL). */
      apiUrl: string;
      /** Glossary id per language pair, 'cs-en' → id (DEEPL_GLOSSARIES). */
      glossaries: Record<string, string>;
    }
  | { name: 'libretranslate'; url: string; apiKey?: string }
  | { name: 'openai'; url: string; model: string; apiKey?: string };

export interface ProviderRequest {
  /** The text with placeholders in the provider's style. */
  text: string;
  /** ISO 639-1, lower case. */
  sourceLanguage: string;
  targetLanguage: string;
  /** Aborted when TRANSLATION_TIMEOUT_MS passes. */
  signal: AbortSignal;
}

export interface TranslationProvider {
  name: ProviderName;
  /** The model named in the suggestion's provenance (openai); null for the others. */
  model: string | null;
  placeholders: PlaceholderStyle;
  /** The translated text, placeholders still in; throws ProviderHttpError or ProviderAnswerError. */
  translate(request: ProviderRequest): Promise<string>;
}
