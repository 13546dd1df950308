// LibreTranslate (POST /translate): plain text with @@PHn@@ placeholders, the API key in the body.
import { z } from 'zod';
import { postJson } from './post-json.js';
import { ProviderAnswerError } from './provider-errors.js';
import type { ProviderSettings, TranslationProvider } from './provider.js';

type LibreTranslateSettings = Extract<ProviderSettings, { name: 'libretranslate' }>;

const LibreTranslateAnswer = z.object({ translatedText: z.string() });

export function libreTranslateProvider(settings: LibreTranslateSettings): TranslationProvider {
  return {
    name: 'libretranslate',
    model: null,
    placeholders: 'token',
    async translate({ text, sourceLanguage, targetLanguage, signal }) {
      const answer = await postJson(
        `${settings.url}/translate`,
        {
          q: text,
          source: sourceLanguage,
          target: targetLanguage,
          format: 'text',
          ...(settings.apiKey !== undefined ? { api_key: settings.apiKey } : {}),
        },
        {},
        signal,
      );
      const parsed = LibreTranslateAnswer.safeParse(answer);
      if (!parsed.success) throw new ProviderAnswerError('no translatedText');
      return parsed.data.translatedText;
    },
  };
}
