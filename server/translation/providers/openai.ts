// An OpenAI-compatible chat model through the `ai` SDK (the Copilot's model unless the
// translation has its own): asked for the translation only, keeping the @@PHn@@ tokens.
import { APICallError, generateText } from 'ai';
import { createModel } from '../../copilot/model-client.js';
import { ProviderAnswerError, ProviderHttpError } from './provider-errors.js';
import type { ProviderSettings, TranslationProvider } from './provider.js';

type OpenAiSettings = Extract<ProviderSettings, { name: 'openai' }>;

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
const languageName = (code: string) => languageNames.of(code) ?? code;

export const translationSystemPrompt = (sourceLanguage: string, targetLanguage: string) =>
  [
    `You translate legal texts from ${languageName(sourceLanguage)} into ${languageName(targetLanguage)}.`,
    'Answer with the translation only: no explanations, notes, quotes or labels.',
    'Keep every token of the form @@PH1@@, @@PH2@@ ... exactly as written, each once, where the sentence needs it.',
    'Keep the legal meaning exact: numbers, negations and obligations (shall, may, must) as in the source.',
  ].join(' ');

export function openAiProvider(settings: OpenAiSettings): TranslationProvider {
  // The Copilot's model client (server/copilot/model-client.ts), without the Copilot's tools.
  const model = createModel({ url: settings.url, model: settings.model, apiKey: settings.apiKey });
  return {
    name: 'openai',
    model: settings.model,
    placeholders: 'token',
    async translate({ text, sourceLanguage, targetLanguage, signal }) {
      try {
        const result = await generateText({
          model,
          system: translationSystemPrompt(sourceLanguage, targetLanguage),
          prompt: text,
          temperature: 0,
          // Pauses and retries are ours (429/503 pause the provider for every instance).
          maxRetries: 0,
          abortSignal: signal,
        });
        return result.text;
      } catch (error) {
        if (signal.aborted) throw error;
        if (APICallError.isInstance(error) && error.statusCode !== undefined)
          throw new ProviderHttpError(error.statusCode, error.responseHeaders?.['retry-after']);
        throw new ProviderAnswerError(error instanceof Error ? error.name : 'unknown');
      }
    },
  };
}
